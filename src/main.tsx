// The page every address but `/` opens (index.html): the app, started at once.
import { startApp } from './start-app.tsx';

void startApp();
