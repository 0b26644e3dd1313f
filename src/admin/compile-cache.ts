import { enableCompileCache } from 'node:module';

/**
 * Imported first by src/admin.ts, so that every module a command loads (the commands and their use-cases too, and
 * the @nestjs packages) is compiled once and then read from Node's compile cache (under the OS temporary directory,
 * checked against each file's contents), not recompiled by every command.
 */
enableCompileCache();
