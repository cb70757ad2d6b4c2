// The version of the backup folder's layout (manifest.json's format), written and read by the commands.
export const BACKUP_FORMAT = 1;
