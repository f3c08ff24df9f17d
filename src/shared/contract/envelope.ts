import { z } from 'zod';

/** Every API response: `{ success, message, content }` (DESIGN.md §4). */
export function envelope<T extends z.ZodType>(content: T) {
  return z.object({ success: z.boolean(), message: z.string(), content });
}

export const errorEnvelope = envelope(z.null());
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export type Envelope<T> = { success: boolean; message: string; content: T };
