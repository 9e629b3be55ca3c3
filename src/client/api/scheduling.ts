import * as contracts from '#schemas/contracts/scheduling.contract';
import type {
  BusyUser,
  CandidateInterview,
  ClosedBooking,
  CreateSchedule,
  CurrentInterview,
  Feedback,
  FeedbackBody,
  Interviewer,
  InvitationView,
  PublicInterview,
  ScheduleView,
} from '#schemas/scheduling';
import { call } from './call';

/*
 * Interview scheduling (issue 13): the public booking page's calls and the hiring side's wizard,
 * overview and feedback.
 */

export type {
  BusyUser,
  CandidateInterview,
  CreateSchedule,
  CurrentInterview,
  Feedback,
  FeedbackBody,
  Interviewer,
  InvitationView,
  PublicInterview,
  ScheduleView,
};

export function fetchPublicInterview(token: string): Promise<PublicInterview> {
  return call(contracts.publicInterview, { params: { token } });
}

export function bookInterview(token: string, slot: { id: string; startDateTime: string }): Promise<PublicInterview> {
  return call(contracts.bookInterview, { params: { token }, body: { id: slot.id, selectedTime: slot.startDateTime } });
}

export function cancelInterview(token: string): Promise<PublicInterview> {
  return call(contracts.cancelBooking, { params: { token } });
}

export function fetchCurrentInterview(applicationId: string): Promise<CurrentInterview> {
  return call(contracts.currentInterview, { params: { id: applicationId, x: 'current' } });
}

export function createSchedule(organizationId: string, body: CreateSchedule) {
  return call(contracts.createSchedule, { params: { orgId: organizationId }, body });
}

export function fetchSchedules(
  organizationId: string,
  filter: { roleId?: string; stageId?: number },
): Promise<ScheduleView[]> {
  return call(contracts.listSchedules, { params: { orgId: organizationId }, query: filter });
}

export function fetchInterviewers(organizationId: string): Promise<Interviewer[]> {
  return call(contracts.interviewers, { params: { orgId: organizationId } });
}

export function fetchBusy(
  organizationId: string,
  query: { usernames: string; dateTime: string; timeZone: string },
): Promise<BusyUser[]> {
  return call(contracts.busySchedules, { params: { orgId: organizationId }, query });
}

export function closeBooking(organizationId: string, scheduleId: string): Promise<ClosedBooking> {
  return call(contracts.closeBooking, { params: { orgId: organizationId, scheduleId } });
}

const invitationParams = (organizationId: string, invitationId: string) => ({ orgId: organizationId, invitationId });

export function remindInvitation(organizationId: string, invitationId: string): Promise<InvitationView> {
  return call(contracts.remindInvitation, { params: invitationParams(organizationId, invitationId) });
}

export function cancelInvitation(organizationId: string, invitationId: string): Promise<InvitationView> {
  return call(contracts.cancelInvitation, { params: invitationParams(organizationId, invitationId) });
}

export function moveBooking(organizationId: string, invitationId: string, slotId: string): Promise<InvitationView> {
  return call(contracts.moveBooking, { params: invitationParams(organizationId, invitationId), body: { slotId } });
}

export function fetchCandidateInterviews(organizationId: string, applicationId: string): Promise<CandidateInterview[]> {
  return call(contracts.candidateInterviews, { params: { orgId: organizationId, id: applicationId } });
}

export function saveFeedback(organizationId: string, interviewId: string, body: FeedbackBody): Promise<Feedback> {
  return call(contracts.saveFeedback, { params: { orgId: organizationId, interviewId }, body });
}
