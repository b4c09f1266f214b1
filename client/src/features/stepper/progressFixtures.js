/* Test fixtures only: an application with the progress the server derives for its state, read from
 * progressVectors.json (written by scripts/progress_vectors.py from server/applications/workflow/progress.py and
 * checked by tests/unit/test_progress.py), so the stepper's tests draw real server answers. */
import vectors from './progressVectors.json';

export function progressFor({ current_step: step, status = null, financing = 'paid' }, population = 'kz') {
  const found = vectors.vectors.find(
    (v) => v.population === population && v.current_step === step && v.status === status && v.financing === financing,
  );
  if (!found) throw new Error(`no reachable state ${population} step ${step} status ${status} ${financing}`);
  return found.progress;
}

/** The application with its `progress`, as GET /users/application/{id} answers it. */
export function withProgress(application, population = 'kz') {
  return { ...application, progress: progressFor(application, population) };
}

export const allVectors = vectors.vectors;
