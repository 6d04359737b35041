'use client';

import { askInChat } from '@/components/chat/constants';

interface PlanActionsProps {
  calendarHref: string;
  texts: { calendar: string; print: string; askAdvisor: string };
  /** The chat's first message: the plan's link and target date, for the operator. */
  advisorMessage: string;
}

export function PlanActions({ calendarHref, texts, advisorMessage }: PlanActionsProps) {
  const button = 'inline-flex min-h-12 items-center rounded-lg px-5 font-semibold';
  return (
    <div className="flex flex-wrap gap-3 print:hidden">
      <a href={calendarHref} download className={`${button} bg-coral-600 text-white hover:bg-coral-700`}>
        {texts.calendar}
      </a>
      <button type="button" onClick={() => window.print()} className={`${button} text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50`}>
        {texts.print}
      </button>
      <button type="button" onClick={() => askInChat(advisorMessage)} className={`${button} text-ocean-800 ring-1 ring-ocean-700 hover:bg-ocean-50`}>
        {texts.askAdvisor}
      </button>
    </div>
  );
}
