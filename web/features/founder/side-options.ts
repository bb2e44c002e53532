import { ArrowLeftToLine, ArrowRightToLine } from 'lucide-react';
import type { ChoiceOption } from '../../components/ui/choice-cards';

/** The two sides of a placement as radio cards, in the dialog's words ('Left leg', 'Left'). */
export const sideOptions = (left: string, right: string): ChoiceOption[] => [
  { value: 'left', label: left, icon: ArrowLeftToLine },
  { value: 'right', label: right, icon: ArrowRightToLine },
];
