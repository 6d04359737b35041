import { z } from 'zod';

/** A table's numeric id as a route passes it, text: digits only, within the safe integer range. */
export const rowIdSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,14}$/)
  .transform(Number);
