import type { App } from '../../../contract/wire/app';

/** What an app is called on screen: its name, or its key when the server sent no name. */
export function appTitle(app: Pick<App, 'name' | 'key'>): string {
  return app.name === null || app.name.trim() === '' ? app.key : app.name;
}
