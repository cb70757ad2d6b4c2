// Uploads clinical images one by one through the contract's upload operation. The generated client sends
// with fetch, which reports no upload progress, so each file shows its state (queued, uploading, done,
// failed) and the list shows how many are done.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { uploadCaseAttachmentMutation } from '../../../../generated/@tanstack/react-query.gen.ts';
import { zUploadCaseAttachmentPath, zUploadCaseAttachmentQuery } from '../../../../generated/zod.gen.ts';
import { ApiError } from '../../../lib/api/index.ts';
import { refreshAfterCaseChange } from './invalidate.ts';

export const ACCEPTED_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const;
export const MAX_FILE_BYTES = 20 * 1024 * 1024;

export type UploadState = 'queued' | 'uploading' | 'done' | 'failed';

export interface UploadItem {
  readonly key: string;
  readonly file: File;
  readonly state: UploadState;
  readonly error?: string;
}

/** Why a file cannot be sent, before sending it; the server checks the bytes again. */
export function fileProblem(file: File): string | null {
  if (!(ACCEPTED_FILE_TYPES as readonly string[]).includes(file.type)) {
    return 'Only JPEG, PNG and PDF files can be attached.';
  }
  if (file.size > MAX_FILE_BYTES) return 'This file is larger than 20 MB.';
  return null;
}

// The generated validator describes the raw-bytes body as a string; the body is a File, so this checks the
// path and query with the generated schemas and the body for what it is.
async function validateUpload(data: unknown): Promise<void> {
  const { path, query, body } = data as { path?: unknown; query?: unknown; body?: unknown };
  await zUploadCaseAttachmentPath.parseAsync(path);
  await zUploadCaseAttachmentQuery.parseAsync(query);
  if (!(body instanceof Blob)) throw new TypeError('An attachment must be a file');
}

let nextKey = 0;

export type AttachmentUploads = ReturnType<typeof useAttachmentUploads>;

export function useAttachmentUploads() {
  const queryClient = useQueryClient();
  const { mutateAsync } = useMutation(uploadCaseAttachmentMutation());
  const [items, setItems] = useState<readonly UploadItem[]>([]);

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const add = useCallback((files: readonly File[]) => {
    const added = files.map((file): UploadItem => {
      nextKey += 1;
      const problem = fileProblem(file);
      return problem === null
        ? { key: `upload-${nextKey}`, file, state: 'queued' }
        : { key: `upload-${nextKey}`, file, state: 'failed', error: problem };
    });
    setItems((current) => [...current, ...added]);
    return added;
  }, []);

  const remove = useCallback((key: string) => {
    setItems((current) => current.filter((item) => item.key !== key || item.state === 'uploading'));
  }, []);

  const reset = useCallback(() => {
    setItems([]);
  }, []);

  /** Sends the queued ones of the given files to the case, one at a time. */
  const upload = useCallback(
    async (caseId: string, files: readonly UploadItem[]) => {
      const queue = files.filter((item) => item.state === 'queued');
      for (const item of queue) {
        update(item.key, { state: 'uploading' });
        try {
          await mutateAsync({
            path: { caseId },
            query: { fileName: item.file.name },
            body: item.file,
            headers: { 'Content-Type': item.file.type || 'application/octet-stream' },
            requestValidator: validateUpload,
          });
          update(item.key, { state: 'done' });
        } catch (error) {
          update(item.key, {
            state: 'failed',
            error: error instanceof ApiError ? error.message : 'The upload failed.',
          });
        }
      }
      if (queue.length > 0) await refreshAfterCaseChange(queryClient, caseId);
    },
    [mutateAsync, update, queryClient],
  );

  return { items, add, remove, reset, upload };
}
