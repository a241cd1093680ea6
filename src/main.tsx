import { startApp } from '@/app/start';

void startApp();
