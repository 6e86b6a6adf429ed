// The sheet's writes (D22): loaded with the editing cells, for signed-in users only.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { JamField } from '../../../core/jam.ts';
import { apiFetch, postJson } from '../../lib/api.ts';
import { SESSIONS_KEY } from './api.ts';

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
