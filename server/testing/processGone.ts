// Whether a process has exited (signal 0 reaches no one): tests that check a command left nothing behind.
export const processGone = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};
