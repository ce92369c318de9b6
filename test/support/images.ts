// No registry is reachable on the machines this suite runs on: the image names the
// documents use run on the local busybox image, mapped as a user without a registry
// would map them (the repository's spec-run.config.json does the same for its runs).
import { LOCAL_IMAGE } from '../../src/executor/local-image.js';

export const OFFLINE_IMAGES: Record<string, string> = { alpine: LOCAL_IMAGE, 'node:18': LOCAL_IMAGE };
