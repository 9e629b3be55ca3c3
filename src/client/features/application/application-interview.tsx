import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchCurrentInterview, type CurrentInterview } from '../../api/scheduling';
import { shownLanguage } from '../../i18n';
import { SummaryList } from '../../ui/summary-list/summary-list';

type Interview = NonNullable<CurrentInterview['interview']>;

const dateTime = (instant: string, timeZone: string, locale: string, withDay: boolean) =>
  new Intl.DateTimeFormat(locale, {
    timeZone,
    ...(withDay && { weekday: 'long' }),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(instant));

/** Issue 13: a submitted application's interview (the booked time in the reader's zone, or the due date). */
export function ApplicationInterview({ applicationId }: { applicationId: string }) {
  const { t, i18n } = useTranslation();
  const [interview, setInterview] = useState<Interview | null>(null);
  useEffect(() => {
    let current = true;
    fetchCurrentInterview(applicationId).then(
      (answer) => current && setInterview(answer.interview),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [applicationId]);
  if (!interview) return null;
  const language = shownLanguage(i18n);
  const locale = language === 'en' ? 'en-GB' : language;
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  const value =
    interview.state === 'BOOKED' && interview.startDateTime
      ? t('applications.interviewBooked', {
          when: dateTime(interview.startDateTime, zone, locale, true),
          zone,
        })
      : interview.state === 'OPEN'
        ? t('applications.interviewInvited', { date: dateTime(interview.dueAt, interview.timeZone, locale, false) })
        : interview.state === 'EXPIRED'
          ? t('applications.interviewExpired')
          : t('applications.interviewCancelled');
  return (
    <SummaryList
      rows={[
        {
          key: 'interview',
          label: t('applications.interview'),
          value: (
            <span data-testid="application-interview">
              {value}
              {interview.state === 'BOOKED' && interview.location ? (
                <>
                  <br />
                  {interview.location}
                </>
              ) : null}
            </span>
          ),
        },
      ]}
    />
  );
}
