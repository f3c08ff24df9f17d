// The ATS sources by name (one module per source under sources/).
import { ashby } from './sources/ashby.ts';
import { greenhouse } from './sources/greenhouse.ts';
import { lever } from './sources/lever.ts';
import { personio } from './sources/personio.ts';
import { recruitee } from './sources/recruitee.ts';
import { smartrecruiters } from './sources/smartrecruiters.ts';
import type { AtsSource, AtsSourceName } from './sources/types.ts';
import { workable } from './sources/workable.ts';

export const SOURCES: Record<AtsSourceName, AtsSource> = {
  greenhouse,
  lever,
  ashby,
  recruitee,
  smartrecruiters,
  workable,
  personio,
};
