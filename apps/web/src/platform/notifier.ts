/** How platform code tells the person something; the active layout registers its own (§8). */
export interface Notifier {
  error: (message: string) => void;
}

const consoleNotifier: Notifier = { error: (message) => console.error(message) };
let current: Notifier = consoleNotifier;

export function setNotifier(notifier: Notifier | null): void {
  current = notifier ?? consoleNotifier;
}

export function notifyError(message: string): void {
  current.error(message);
}
