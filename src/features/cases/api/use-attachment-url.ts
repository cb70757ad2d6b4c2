// An attachment's bytes need the bearer token, so an <img src> cannot fetch them itself: they come through
// the API layer as a Blob and are shown through an object URL, released when the element stops showing it.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { downloadAttachmentOptions } from '../../../../generated/@tanstack/react-query.gen.ts';
import type { DownloadAttachmentData } from '../../../../generated/types.gen.ts';

export type AttachmentVariant = NonNullable<NonNullable<DownloadAttachmentData['query']>['variant']>;

export function useAttachmentBlob(attachmentId: string, variant: AttachmentVariant, enabled = true) {
  const query = useQuery({
    ...downloadAttachmentOptions({ path: { attachmentId }, query: { variant }, parseAs: 'blob' }),
    enabled,
    // The bytes of a stored attachment never change.
    staleTime: Infinity,
  });
  const data: unknown = query.data;
  return { blob: data instanceof Blob ? data : undefined, isError: query.isError };
}

/** A ref for an <img> (src) or <a> (href) that shows the blob while mounted, through an object URL. */
export function useObjectUrl<Element extends HTMLImageElement | HTMLAnchorElement>(blob: Blob | undefined) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || !blob) return undefined;
    const url = URL.createObjectURL(blob);
    const attribute = element instanceof HTMLImageElement ? 'src' : 'href';
    element.setAttribute(attribute, url);
    return () => {
      element.removeAttribute(attribute);
      URL.revokeObjectURL(url);
    };
  }, [blob]);
  return ref;
}
