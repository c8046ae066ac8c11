import { type Env, EnvError, loadEnv } from '../config/env.ts';

/** The environment a CLI runs with, or null after saying what is wrong with it. */
export function cliEnv(): Env | null {
  try {
    return loadEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    return null;
  }
}
