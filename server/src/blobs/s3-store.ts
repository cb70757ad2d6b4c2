// The blob store in an S3-compatible bucket (BLOB_S3_*): what lets every server process behind a balancer
// read every attachment. The same three calls as the directory store, the same key rule.
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3BlobConfig } from '../operations-config.ts';
import type { BlobStore } from './store.ts';

const KEY = /^[a-z0-9][a-z0-9_/-]{0,200}$/;

export interface S3BlobStore extends BlobStore {
  /** Closes the client's connections (the server's close). */
  close(): void;
}

export function s3BlobStore(config: S3BlobConfig): S3BlobStore {
  const client = new S3Client({
    region: config.region,
    forcePathStyle: config.forcePathStyle,
    ...(config.endpoint === undefined ? {} : { endpoint: config.endpoint }),
    ...(config.credentials === undefined ? {} : { credentials: config.credentials }),
    // Checksums only where S3 requires them: many S3-compatible servers know nothing of the newer ones.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const keyOf = (key: string): string => {
    // Keys are ours, but one that could mean another object's path is refused rather than trusted.
    if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`);
    return `${config.prefix}${key}`;
  };
  return {
    async put(key, bytes) {
      // A PUT is atomic in S3: a reader sees the whole object or none.
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: 'application/octet-stream',
        }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        if (answer.Body === undefined) return undefined;
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404) return undefined;
        throw error;
      }
    },
    async delete(key) {
      // Deleting a missing object succeeds in S3, as rm --force does.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
