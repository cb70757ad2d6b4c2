// A lazy route module that failed to import. The route error screen recognises it by its class and starts the
// reload-and-retry recovery instead of showing a generic error.
export class ModuleLoadError extends Error {
  readonly moduleId: string;

  constructor(moduleId: string, cause: unknown) {
    super(`Failed to load the module "${moduleId}"`, { cause });
    this.name = 'ModuleLoadError';
    this.moduleId = moduleId;
  }
}
