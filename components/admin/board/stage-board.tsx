'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState, type DragEvent, type FormEvent, type KeyboardEvent } from 'react';
import { MAX_REASON_LENGTH, STAGES, type Stage } from '@/lib/people/stages';
import { changeStage } from '@/components/admin/people/actions';
import type { PersonSummaryDto } from '@/components/admin/people/people-api';
import { unwrap } from '@/components/admin/shell/action-result';
import { useConsole } from '@/components/admin/shell/console-context';
import { personHref } from '@/lib/console-app/views';

type Pending = { person: PersonSummaryDto; stage: Stage };
type Move = { stage: Stage; lostReason: string | null };

const MOVE_HELD_MS = 5_000;

const withMove = (person: PersonSummaryDto, move: Move | undefined): PersonSummaryDto => (move ? { ...person, ...move } : person);

const keeping = (moves: ReadonlyMap<string, Move>, keep: (key: string, move: Move) => boolean): ReadonlyMap<string, Move> =>
  new Map([...moves].filter(([key, move]) => keep(key, move)));

/** One column per stage: a card moves by drag and drop, or with the arrow keys (left / right). */
export function StageBoard({ initialPeople }: { initialPeople: PersonSummaryDto[] }) {
  const t = useTranslations('AdminConsole.people');
  const router = useRouter();
  const { handleFailure: onFailure } = useConsole();
  const [serverPeople, setServerPeople] = useState<PersonSummaryDto[] | null>(initialPeople);
  // This board's own moves, shown over the server's render until a render shows them: a render asked
  // for before a move was saved would put the card back for a moment, and the keyboard's focus with
  // it (an Enter pressed then opened nothing). Kept at most MOVE_HELD_MS, after which the server wins.
  const [moves, setMoves] = useState<ReadonlyMap<string, Move>>(new Map());
  // A new render from the server (a change streamed from elsewhere) replaces the cards.
  const [rendered, setRendered] = useState(initialPeople);
  if (rendered !== initialPeople) {
    setRendered(initialPeople);
    setServerPeople(initialPeople);
    const shown = new Map(initialPeople.map((person) => [person.key, person.stage]));
    const pendingMoves = keeping(moves, (key, move) => shown.get(key) !== move.stage);
    if (pendingMoves.size !== moves.size) setMoves(pendingMoves);
  }
  const people = serverPeople?.map((person) => withMove(person, moves.get(person.key))) ?? null;
  const [notice, setNotice] = useState('');
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  // The moved card is a new element in another column: focused once React has rendered it.
  const focusAfterMove = useRef<string | null>(null);
  // The card that had the focus: a later render that replaces its element (a render from the server
  // landing after the move's own) gives the focus back to the same card, where the keyboard left it.
  const focusedCard = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const previous = focusedCard.current;
    const lost = previous && !previous.isConnected && (document.activeElement === null || document.activeElement === document.body);
    const key = focusAfterMove.current ?? (lost ? (previous.dataset.cardKey ?? null) : null);
    if (!key) return;
    const moved = focusAfterMove.current !== null;
    focusAfterMove.current = null;
    document.querySelector<HTMLElement>(`[data-card-key="${CSS.escape(key)}"]`)?.focus({ preventScroll: !moved });
  }, [serverPeople, moves]);

  async function move(person: PersonSummaryDto, stage: Stage, lostReason?: string) {
    if (stage === person.stage) return;
    if (stage === 'lost' && !lostReason) return setPending({ person, stage });
    try {
      await unwrap(changeStage(person.key, { stage, lostReason }));
      focusAfterMove.current = person.key;
      const move = { stage, lostReason: lostReason ?? null };
      setMoves((current) => new Map(current).set(person.key, move));
      window.setTimeout(
        () => setMoves((current) => (current.get(person.key) === move ? keeping(current, (key) => key !== person.key) : current)),
        MOVE_HELD_MS,
      );
      setNotice(t('movedTo', { label: person.label, stage: t(`stages.${stage}`) }));
    } catch (error) {
      onFailure(error, t('saveFailed'));
    }
  }

  function onCardKey(event: KeyboardEvent<HTMLButtonElement>, person: PersonSummaryDto) {
    const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const next = STAGES[STAGES.indexOf(person.stage) + step];
    if (next) void move(person, next);
  }

  function onDrop(event: DragEvent<HTMLElement>, stage: Stage) {
    event.preventDefault();
    const person = people?.find((p) => p.key === event.dataTransfer.getData('text/plain'));
    if (person) void move(person, stage);
  }

  function confirmLost(event: FormEvent) {
    event.preventDefault();
    if (!pending || !reason.trim()) return;
    void move(pending.person, pending.stage, reason.trim());
    setPending(null);
    setReason('');
  }

  return (
    <section aria-labelledby="board-title" className="space-y-3">
      <h2 id="board-title" className="text-lg font-semibold text-ocean-900">
        {t('boardTitle')}
      </h2>
      <p className="text-sm text-slate-700">{t('boardHelp')}</p>
      {pending && (
        <form onSubmit={confirmLost} className="flex flex-wrap items-end gap-2 rounded-lg border border-coral-700 bg-white p-3">
          <label className="text-sm font-medium text-slate-800">
            {t('lostReasonFor', { label: pending.person.label })}
            <input
              autoFocus
              required
              maxLength={MAX_REASON_LENGTH}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              className="mt-1 block min-h-10 rounded-lg border border-slate-400 px-2"
            />
          </label>
          <button type="submit" className="inline-flex min-h-10 items-center rounded-lg bg-ocean-700 px-4 font-semibold text-white">
            {t('changeStage')}
          </button>
          <button
            type="button"
            onClick={() => setPending(null)}
            className="inline-flex min-h-10 items-center rounded-lg border border-slate-400 px-4 font-semibold"
          >
            {t('cancel')}
          </button>
        </form>
      )}
      <div className="grid gap-3 md:grid-cols-3 xl:grid-cols-6">
        {STAGES.map((stage) => {
          const cards = people?.filter((p) => p.stage === stage) ?? [];
          return (
            <section
              key={stage}
              aria-labelledby={`column-${stage}`}
              data-stage-column={stage}
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => onDrop(event, stage)}
              className="min-h-40 rounded-xl border border-slate-200 bg-white p-2"
            >
              <h3 id={`column-${stage}`} className="px-1 pb-2 font-semibold text-slate-900">
                {t(`stages.${stage}`)} <span className="text-sm font-normal text-slate-700">({cards.length})</span>
              </h3>
              <ul className="max-h-[60vh] space-y-2 overflow-y-auto">
                {cards.map((person) => (
                  <li key={person.key}>
                    <button
                      type="button"
                      draggable
                      data-card-key={person.key}
                      aria-describedby="board-keys"
                      onDragStart={(event) => event.dataTransfer.setData('text/plain', person.key)}
                      onKeyDown={(event) => onCardKey(event, person)}
                      onFocus={(event) => (focusedCard.current = event.currentTarget)}
                      onClick={() => router.push(personHref(person.key))}
                      className="block w-full rounded-lg border border-slate-300 bg-slate-50 p-2 text-left text-sm hover:bg-ocean-50"
                    >
                      <span className="block font-semibold text-slate-900">{person.label}</span>
                      {person.lostReason && stage === 'lost' && <span className="block text-xs text-slate-700">{person.lostReason}</span>}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
      <p id="board-keys" className="sr-only">
        {t('boardKeys')}
      </p>
      <p aria-live="polite" className="sr-only">
        {notice}
      </p>
    </section>
  );
}
