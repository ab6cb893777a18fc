import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Reply } from './api.js';

export type Who = Reply<'/whoami'>;
export const WhoContext = createContext<Who | undefined>(undefined);
export const useWho = (): Who => useContext(WhoContext)!;
export const isOperator = (w: Who): boolean => w.kind === 'operator';
