export type { PublicGig } from '../../../core/public-pages.ts';
