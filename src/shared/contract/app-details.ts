// Wire contract of the app-details endpoints: branding, social links, maintenance, public figures.
import { z } from 'zod';
import { envelope } from './envelope.ts';

export const appDetails = z.object({
  appName: z.string(),
  appDescription: z.string(),
  supportEmail: z.string(),
  twitter: z.string().nullable(),
  linkedIn: z.string().nullable(),
  youtube: z.string().nullable(),
  whatsApp: z.string().nullable(),
  isUnderMaintenance: z.boolean(),
});
export type AppDetails = z.infer<typeof appDetails>;
export const appDetailsResponse = envelope(appDetails);

export const ourAppDetails = z.object({
  totalCurrentOpenings: z.number(),
  ourCompanies: z.number(),
  cities: z.number(),
  countries: z.number(),
});
export type OurAppDetails = z.infer<typeof ourAppDetails>;
export const ourAppDetailsResponse = envelope(ourAppDetails);
