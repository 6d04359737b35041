import 'server-only';

// The implementation is plain JavaScript so that `npm run operator:add` runs under plain node.
export { hashPassword, MIN_PASSWORD_LENGTH, verifyPassword } from './password-hash.mjs';
