'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@/components/ui/toast';
import { MAX_DEVICE_NAME_LENGTH } from '@/lib/push/device-name';
import { AGENCY_TIME_ZONE } from '@/lib/time/mauritius';
import {
  pushApi,
  PushSetupError,
  relinkThisDevice,
  subscribeThisDevice,
  unsubscribeThisDevice,
  type PushDeviceDto,
  type PushState,
} from '@/components/admin/devices/push-client';
import { useConsole } from '@/components/admin/shell/console-context';

const BUTTON = 'inline-flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold disabled:cursor-not-allowed disabled:opacity-60';
const PRIMARY = `${BUTTON} bg-ocean-700 text-white hover:bg-ocean-800`;
const SECONDARY = `${BUTTON} border border-slate-400 text-slate-900 hover:bg-slate-100`;
const DATE = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'medium', timeStyle: 'short', timeZone: AGENCY_TIME_ZONE });

/**
 * "Notifications": this device subscribes to push notifications, the operator's devices are listed
 * (renamed, removed), and the lock-screen setting. The shell links this browser's subscription, if
 * it has one, to the current session when the console opens (so logging out removes it).
 */
export function PushDevicesView({ initialState }: { initialState: PushState }) {
  const t = useTranslations('AdminConsole.push');
  const { handleFailure: onFailure } = useConsole();
  const [state, setState] = useState<PushState | null>(initialState);
  // The server rendered the view again: its devices replace the ones shown.
  const [rendered, setRendered] = useState(initialState);
  if (rendered !== initialState) {
    setRendered(initialState);
    setState(initialState);
  }
  const [thisDevice, setThisDevice] = useState<number | null>(null);
  const [problem, setProblem] = useState<PushSetupError['problem'] | null>(null);
  const [busy, setBusy] = useState(false);
  const [renaming, setRenaming] = useState<number | null>(null);

  useEffect(() => {
    // The shell linked it when the console opened: this only tells which device is this one.
    relinkThisDevice().then(
      (device) => setThisDevice(device?.id ?? null),
      () => undefined,
    );
  }, []);

  // Read when the view is shown and after each change.
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((current) => current + 1);
  useEffect(() => {
    if (version === 0) return;
    let cancelled = false;
    pushApi.state().then(
      (answer) => !cancelled && setState(answer),
      (error: unknown) => onFailure(error, t('loadFailed')),
    );
    return () => {
      cancelled = true;
    };
  }, [version, onFailure, t]);

  async function subscribe() {
    if (!state) return;
    setBusy(true);
    setProblem(null);
    try {
      const device = await subscribeThisDevice(state.publicKey);
      setThisDevice(device.id);
      reload();
    } catch (error) {
      if (error instanceof PushSetupError) setProblem(error.problem);
      else onFailure(error, t('saveFailed'));
    } finally {
      setBusy(false);
    }
  }

  async function remove(device: PushDeviceDto) {
    try {
      await pushApi.remove(device.id);
      if (device.id === thisDevice) {
        await unsubscribeThisDevice();
        setThisDevice(null);
      }
      toast({ title: t('removed') });
      reload();
    } catch (error) {
      onFailure(error, t('saveFailed'));
    }
  }

  async function rename(device: PushDeviceDto, name: string) {
    try {
      await pushApi.rename(device.id, name);
      setRenaming(null);
      reload();
    } catch (error) {
      onFailure(error, t('saveFailed'));
    }
  }

  async function setHideText(hideText: boolean) {
    // Shown at once, put back if the server refuses.
    setState((current) => (current ? { ...current, hideText } : current));
    try {
      await pushApi.setHideText(hideText);
    } catch (error) {
      setState((current) => (current ? { ...current, hideText: !hideText } : current));
      onFailure(error, t('saveFailed'));
    }
  }

  async function sendTest() {
    try {
      const { devices } = await pushApi.test();
      toast({ title: t('testSent', { count: devices }) });
    } catch (error) {
      onFailure(error, t('saveFailed'));
    }
  }

  if (!state) return <p className="text-slate-700">{t('loading')}</p>;
  const subscribedHere = thisDevice !== null && state.devices.some((device) => device.id === thisDevice);
  return (
    <section aria-labelledby="push-title" className="max-w-3xl space-y-6">
      <div className="space-y-2">
        <h2 id="push-title" className="text-lg font-semibold text-ocean-900">
          {t('title')}
        </h2>
        <p className="text-slate-700">{t('intro')}</p>
        <p className="text-sm text-slate-700">{t('iosHint')}</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        {subscribedHere ? (
          <p className="font-medium text-green-800">{t('subscribed')}</p>
        ) : (
          <button type="button" className={PRIMARY} onClick={() => void subscribe()} disabled={busy}>
            {busy ? t('subscribing') : t('subscribe')}
          </button>
        )}
        <button type="button" className={SECONDARY} onClick={() => void sendTest()} disabled={state.devices.length === 0}>
          {t('test')}
        </button>
      </div>
      <p role="status" className="text-sm font-medium text-red-800 empty:hidden">
        {problem ? t(problem, { max: state.maxDevices }) : ''}
      </p>
      <div className="space-y-1">
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            className="mt-1 size-5"
            checked={state.hideText}
            onChange={(event) => void setHideText(event.target.checked)}
            aria-describedby="push-hide-help"
          />
          <span className="font-medium text-slate-900">{t('hideText')}</span>
        </label>
        <p id="push-hide-help" className="pl-8 text-sm text-slate-700">
          {t('hideTextHelp')}
        </p>
      </div>
      <div>
        <h3 className="font-semibold text-slate-900">{t('devicesTitle', { count: state.devices.length, max: state.maxDevices })}</h3>
        {state.devices.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('noDevices')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
            {state.devices.map((device) => (
              <li key={device.id} data-device-id={device.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                {renaming === device.id ? (
                  <RenameForm device={device} onSave={(name) => void rename(device, name)} onCancel={() => setRenaming(null)} />
                ) : (
                  <>
                    <div className="min-w-0">
                      <p className="font-medium text-slate-900">
                        {device.name}
                        {device.id === thisDevice && <span className="ml-2 text-sm font-normal text-slate-700">({t('thisDevice')})</span>}
                      </p>
                      <p className="text-sm text-slate-700">
                        {[
                          t('service', { service: device.service }),
                          t('addedOn', { date: DATE.format(new Date(device.createdAt)) }),
                          device.lastSuccessAt ? t('lastDelivery', { date: DATE.format(new Date(device.lastSuccessAt)) }) : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </p>
                      {device.stale && <p className="text-sm font-medium text-amber-800">{t('stale')}</p>}
                    </div>
                    <div className="flex gap-2">
                      <button type="button" className={SECONDARY} onClick={() => setRenaming(device.id)} aria-label={t('renameLabel', { name: device.name })}>
                        {t('rename')}
                      </button>
                      <button type="button" className={SECONDARY} onClick={() => void remove(device)} aria-label={t('removeLabel', { name: device.name })}>
                        {t('remove')}
                      </button>
                    </div>
                  </>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

function RenameForm({ device, onSave, onCancel }: { device: PushDeviceDto; onSave: (name: string) => void; onCancel: () => void }) {
  const t = useTranslations('AdminConsole.push');
  const [name, setName] = useState(device.name);
  function submit(event: FormEvent) {
    event.preventDefault();
    if (name.trim()) onSave(name);
  }
  return (
    <form onSubmit={submit} className="flex w-full flex-wrap items-end gap-2">
      <label className="flex min-w-0 flex-1 flex-col text-sm font-medium text-slate-900">
        {t('nameLabel')}
        <input
          className="mt-1 min-h-11 rounded-lg border border-slate-400 px-3 text-base"
          value={name}
          maxLength={MAX_DEVICE_NAME_LENGTH}
          required
          autoFocus
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <button type="submit" className={PRIMARY}>
        {t('save')}
      </button>
      <button type="button" className={SECONDARY} onClick={onCancel}>
        {t('cancel')}
      </button>
    </form>
  );
}
