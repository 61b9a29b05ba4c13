// `GET /me` (issue 29, our extension) as the dashboard accepts it: only the e-mail is used (the
// account menu); the rest is kept as sent.
import { z } from 'zod';
import { wireTextSchema } from './common';

export const meWireSchema = z.looseObject({ email: wireTextSchema });
export type MeWire = z.output<typeof meWireSchema>;
