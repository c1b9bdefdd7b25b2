import { useMutation, useQuery } from '@tanstack/react-query';
import { useApi } from './api-context';

/** Our uploaded files' addresses: served only with the session, never as a bare address. */
const FILE_URL = /^\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const fileKeys = {
  all: ['files'] as const,
  src: (id: string) => [...fileKeys.all, 'src', id] as const,
};

/** The id of one of our uploaded files' addresses (`/files/<id>`), or null for any other. */
function fileIdOf(url: string | null | undefined): string | null {
  return url ? (FILE_URL.exec(url)?.[1] ?? null) : null;
}

/** A blob as a data: address (the console's CSP lets images come from data:, not blob:). */
async function dataUrlOf(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return `data:${blob.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/**
 * The address an <img> can show for an uploaded file (an avatar): one of ours fetched with the
 * session, once per page life, as a data: address; any other address as it is; null while it
 * loads or when the file is not the viewer's to see (the picture's fallback shows instead).
 */
export function useFileSrc(url: string | null | undefined): string | null {
  const api = useApi();
  const id = fileIdOf(url);
  const query = useQuery({
    queryKey: fileKeys.src(id ?? ''),
    queryFn: ({ signal }) => api.users.file({ key: id ?? '' }, { signal }).then(dataUrlOf),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    meta: { inlineErrors: true },
  });
  if (!url) return null;
  return id === null ? url : (query.data ?? null);
}

/**
 * Fetches an uploaded file with the session and hands it to `save` (the console's download) under
 * its name; a failure is told by the one error handler.
 */
export function useFetchFile(save: (blob: Blob, name: string) => void) {
  const api = useApi();
  return useMutation({
    mutationFn: async (file: { id: string; name: string }) => {
      save(await api.users.file({ key: file.id }), file.name);
    },
  });
}
