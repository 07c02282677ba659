/** The disk-full tests' filler: writes a file until the file system refuses another byte. */
import { closeSync, openSync, writeSync } from 'node:fs';

export function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1024 * 1024, 4096, 1]) {
      const chunk = Buffer.alloc(size, 1);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
      }
    }
  } finally {
    closeSync(fd);
  }
}
