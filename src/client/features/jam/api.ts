import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { JamField, JamSlot } from '../../../core/jam.ts';
import { apiFetch, postJson } from '../../lib/api.ts';
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

const SESSIONS_KEY = ['jam-sessions'] as const;

/** The sheet, kept current: every change anyone makes is announced live (D22). */
export function useJamSessions() {
  const client = useQueryClient();
  useLiveEvents('jam', () => void client.invalidateQueries({ queryKey: SESSIONS_KEY }));
  return useQuery({ queryKey: SESSIONS_KEY, queryFn: async () => (await apiFetch<{ sessions: JamSession[] }>('/api/jam/sessions')).sessions });
}

/** Writes one cell: the new value and the value the writer saw (compare-and-set, D22). */
export function useWriteJamCell() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ songId, field, value, expected }: { songId: string; field: JamField; value: string; expected: string }) =>
      apiFetch<{ message: string }>(`/api/jam/songs/${songId}/${field}`, { method: 'PUT', body: JSON.stringify({ value, expected }) }),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useAddJamSong() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => postJson<{ songId: string; message: string }>(`/api/jam/sessions/${sessionId}/songs`, {}),
    onSettled: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}
