import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Merge Tailwind class lists, later classes winning (shadcn/ui convention). */
export const cn = (...inputs: ClassValue[]) => twMerge(clsx(inputs));
