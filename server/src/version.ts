import packageJson from '../../package.json' with { type: 'json' };

/** The version the server reports, from package.json. */
export const VERSION: string = packageJson.version;
