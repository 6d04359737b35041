import 'server-only';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { config } from '@/lib/config';
import {
  enableTotp,
  findOperatorFactors,
  insertPasskey,
  passkeyUsed,
  replaceRecoveryCodes,
  setPendingTotpSecret,
  setSessionChallenge,
  spendRecoveryCode,
  spendTotpStep,
} from './factor-queries';
import { newRecoveryCodes, normalizeRecoveryCode, recoveryCodeHash } from './recovery-codes';
import { open, seal } from './secret-box';
import { newTotpSecret, totpEnrolment, totpStep } from './totp';

// The second factor (ASVS 6.3.3): a TOTP app, passkeys (WebAuthn) and ten recovery codes. The
// console's routes and actions call these; the rows live in factor-queries.ts.

const TOTP_BOX = 'totp-secret';
export const APP_NAME = 'Maurice Expat';

export type FactorUse = 'totp' | 'recovery_code';

/** A code as typed at sign-in: the TOTP of now (once), or an unused recovery code (then spent). */
export async function checkSecondFactorCode({ operatorId, code }: { operatorId: number; code: string }): Promise<FactorUse | null> {
  const factors = await findOperatorFactors({ operatorId });
  if (!factors) return null;
  const secret = factors.totpEnabledAt && factors.totpSecret ? open(factors.totpSecret, TOTP_BOX) : null;
  if (secret) {
    const step = totpStep({ secretBase32: secret, code });
    if (step !== null && step > factors.totpLastStep && (await spendTotpStep({ operatorId, step }))) return 'totp';
  }
  if (normalizeRecoveryCode(code) && (await spendRecoveryCode({ operatorId, hash: recoveryCodeHash(code) }))) return 'recovery_code';
  return null;
}

/** A new key waiting for its first code: the QR code, the key as text. Null once TOTP is on. */
export async function startTotpEnrolment({ operatorId, email }: { operatorId: number; email: string }) {
  const secretBase32 = newTotpSecret();
  if (!(await setPendingTotpSecret({ operatorId, sealed: seal(secretBase32, TOTP_BOX) }))) return null;
  return totpEnrolment({ secretBase32, email, issuer: APP_NAME });
}

/** The first code confirms the key: TOTP is on. The recovery codes when they were made now (shown once), else []. */
export async function confirmTotpEnrolment({
  operatorId,
  code,
}: {
  operatorId: number;
  code: string;
}): Promise<{ ok: false } | { ok: true; recoveryCodes: string[] }> {
  const factors = await findOperatorFactors({ operatorId });
  const secret = factors?.totpSecret && !factors.totpEnabledAt ? open(factors.totpSecret, TOTP_BOX) : null;
  const step = secret ? totpStep({ secretBase32: secret, code }) : null;
  if (step === null || !(await enableTotp({ operatorId, step }))) return { ok: false };
  return { ok: true, recoveryCodes: factors!.recoveryCodesLeft === 0 ? await renewRecoveryCodes({ operatorId }) : [] };
}

/** Ten new codes; the earlier ones stop working. */
export async function renewRecoveryCodes({ operatorId }: { operatorId: number }): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes({ operatorId, hashes: codes.map(recoveryCodeHash) });
  return codes;
}

/**
 * Who the passkeys belong to: the site's own host and origin, from SITE_URL, never from a request's
 * headers (a proxy that forwards any Host would otherwise let another name ask for them).
 */
export type RelyingParty = { rpID: string; origins: string[] };

export function relyingParty(siteUrl: string = config.siteUrl): RelyingParty {
  const url = new URL(siteUrl);
  return { rpID: url.hostname, origins: [url.origin] };
}

export async function passkeyRegistrationOptions({ operatorId, email, sessionId }: { operatorId: number; email: string; sessionId: string }) {
  const party = relyingParty();
  const factors = await findOperatorFactors({ operatorId });
  const options = await generateRegistrationOptions({
    rpName: APP_NAME,
    rpID: party.rpID,
    userName: email,
    userID: new TextEncoder().encode(`operator:${operatorId}`),
    attestationType: 'none',
    excludeCredentials: (factors?.passkeys ?? []).map((passkey) => ({ id: passkey.id, transports: splitTransports(passkey.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await setSessionChallenge({ id: sessionId, challenge: options.challenge });
  return options;
}

const splitTransports = (value: string) => (value ? (value.split(',') as NonNullable<RegistrationResponseJSON['response']['transports']>) : undefined);

/** Stores the passkey the browser made for the challenge of this session; false when the answer does not hold. */
export async function addPasskey({
  operatorId,
  name,
  response,
  challenge,
}: {
  operatorId: number;
  name: string;
  response: RegistrationResponseJSON;
  challenge: string | null;
}): Promise<boolean> {
  if (!challenge) return false;
  const party = relyingParty();
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: party.origins,
    expectedRPID: party.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return false;
  const { credential } = verification.registrationInfo;
  return insertPasskey({
    id: credential.id,
    operatorId,
    name,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: (credential.transports ?? []).join(','),
  });
}

export async function passkeySignInOptions({ operatorId, sessionId }: { operatorId: number; sessionId: string }) {
  const party = relyingParty();
  const factors = await findOperatorFactors({ operatorId });
  const options = await generateAuthenticationOptions({
    rpID: party.rpID,
    allowCredentials: (factors?.passkeys ?? []).map((passkey) => ({ id: passkey.id, transports: splitTransports(passkey.transports) })),
    userVerification: 'preferred',
  });
  await setSessionChallenge({ id: sessionId, challenge: options.challenge });
  return options;
}

/** The passkey's answer to this session's challenge, from one of the operator's passkeys. */
export async function checkPasskey({
  operatorId,
  response,
  challenge,
}: {
  operatorId: number;
  response: AuthenticationResponseJSON;
  challenge: string | null;
}): Promise<boolean> {
  if (!challenge) return false;
  const party = relyingParty();
  const factors = await findOperatorFactors({ operatorId });
  const passkey = factors?.passkeys.find((candidate) => candidate.id === response.id);
  if (!passkey) return false;
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: party.origins,
    expectedRPID: party.rpID,
    credential: {
      id: passkey.id,
      publicKey: Buffer.from(passkey.publicKey, 'base64url'),
      counter: passkey.counter,
      transports: splitTransports(passkey.transports),
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return false;
  await passkeyUsed({ id: passkey.id, counter: verification.authenticationInfo.newCounter });
  return true;
}
