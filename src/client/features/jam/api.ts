import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { JamSlot } from '../../../core/jam.ts';
import { apiFetch } from '../../lib/api.ts';
import { useLiveEvents } from '../../lib/live.ts';

export type JamCell = { name: string; isMine: boolean } | null;
export type JamSong = { id: string; song: string; isEditable: boolean; isMine: boolean; cells: Record<JamSlot, JamCell> };
export type JamSession = {
  id: string;
  localDate: string;
  location: string;
  timeStart: string;
  timeEnd: string;
  timeZone: string;
  houseBand: string[];
  canModerate: boolean;
  songs: JamSong[];
};

export const SESSIONS_KEY = ['jam-sessions'] as const;

/** The sheet, kept current: every change anyone makes is announced live (D22). */
export function useJamSessions() {
  const client = useQueryClient();
  useLiveEvents('jam', () => void client.invalidateQueries({ queryKey: SESSIONS_KEY }));
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: async () => (await apiFetch<{ sessions: JamSession[] }>('/api/jam/sessions')).sessions });
}
