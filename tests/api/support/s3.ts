// An S3-compatible server (s3rver, from npm) on 127.0.0.1 for the suites that run the blob store in a bucket:
//
//   const s3 = await startS3Server(9430);
//   const app = await buildCasesApp({ db, env: s3.env });   // BLOB_S3_* point the server at it
//   await s3.keys();                                          // what the bucket holds
//   await s3.close();
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';

export const S3_BUCKET = 'case-router-test';
// s3rver's fixed development credentials.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';

export interface TestS3Server {
  /** BLOB_S3_* for the server's configuration. */
  readonly env: NodeJS.ProcessEnv;
  /** Every key in the bucket. */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(port: number): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'case-router-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    configureBuckets: [{ name: S3_BUCKET, configs: [] }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
  });
  return {
    env: {
      BLOB_S3_BUCKET: S3_BUCKET,
      BLOB_S3_ENDPOINT: endpoint,
      BLOB_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      BLOB_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    async keys() {
      const answer = await client.send(new ListObjectsV2Command({ Bucket: S3_BUCKET }));
      return (answer.Contents ?? []).map((object) => object.Key ?? '');
    },
    async close() {
      client.destroy();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
