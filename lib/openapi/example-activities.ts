// The API reference's examples of activities, occasions and attendance: a judo group of IK Norrskenet on Tuesday
// evenings in the autumn term of 2026 (see example-data.ts for the club and its member).
const rule = {
  weekday: 2,
  start_time: "18:00",
  duration_minutes: 60,
  from: "2026-08-18",
  to: "2026-12-15",
  location: null,
};
const leader = { member_id: 1902, firstname: "Erik", lastname: "Nilsson", birthdate: "1988-11-02" };
const participant = {
  member_id: 1873,
  firstname: "Astrid",
  lastname: "Lindqvist",
  birthdate: "2017-05-17",
  status: "ENROLLED",
  waitlisted_at: null,
  enrolled_at: "2026-08-03T19:12:40.000Z",
  left_at: null,
};
const occasion = {
  id: 5120,
  activity_id: 31,
  starts_at: "2026-10-27T18:00:00+01:00",
  ends_at: "2026-10-27T19:00:00+01:00",
  duration_minutes: 60,
  location: "Norrskenshallen, dojo 2",
  status: "SCHEDULED",
  planned: true,
  moved: false,
};
const attendance = [
  {
    member_id: leader.member_id,
    firstname: leader.firstname,
    lastname: leader.lastname,
    role: "LEADER",
    status: "PRESENT",
    recorded_at: "2026-10-27T17:05:31.000Z",
    recorded_by: "admin:erik.nilsson@example.se",
    changes: 1,
  },
  {
    member_id: participant.member_id,
    firstname: participant.firstname,
    lastname: participant.lastname,
    role: "PARTICIPANT",
    status: "PRESENT",
    recorded_at: "2026-10-27T17:05:31.000Z",
    recorded_by: "admin:erik.nilsson@example.se",
    changes: 1,
  },
];

const rfSisu = {
  source: "RF_SISU",
  min_age: 7,
  max_age: 25,
  min_participants: 3,
  min_leader_age: 13,
  min_minutes: 45,
  max_participants_per_leader: 20,
  weekly_caps: [
    { from_age: 7, to_age: 9, cap: 3 },
    { from_age: 10, to_age: 25, cap: 5 },
  ],
};

/** Astrid's mother, who signed her up on the hosted page. */
const guardian = {
  guardian_id: 1874,
  firstname: "Karin",
  lastname: "Lindqvist",
  email: "karin.lindqvist@example.se",
  phone: "070-123 45 67",
  relation: "förälder",
  consents: [
    {
      consent_key: "activity-signup-v1",
      given_at: "2026-08-03T19:12:40.000Z",
      source: "hosted_signup",
      withdrawn_at: null,
    },
  ],
};

export function activityExamples(companyId: string): Record<string, unknown> {
  const activity = {
    id: 31,
    company_id: companyId,
    name: "Judo 8-10 år",
    description: "Grundträning för nybörjare och fortsättare.",
    location: "Norrskenshallen, dojo 2",
    birth_year_from: 2016,
    birth_year_to: 2018,
    capacity: 20,
    time_zone: "Europe/Stockholm",
    schedule: [rule],
    except_dates: ["2026-11-03"],
    skip_holidays: true,
    signup_open: true,
    leader_ids: [leader.member_id],
    enrolled_count: 1,
    waitlist_count: 0,
    occasion_count: 17,
    created_at: "2026-06-10T08:15:00.000Z",
  };
  return {
    ActivityWeeklyRule: rule,
    Activity: activity,
    ActivityParticipant: participant,
    ActivityWithParticipants: { ...activity, leaders: [leader], participants: [participant] },
    CreateActivityRequest: {
      company_id: companyId,
      name: activity.name,
      description: activity.description,
      location: activity.location,
      birth_year_from: 2016,
      birth_year_to: 2018,
      capacity: 20,
      schedule: [{ weekday: 2, start_time: "18:00", duration_minutes: 60, from: "2026-08-18", to: "2026-12-15" }],
      except_dates: ["2026-11-03"],
      signup_open: true,
      leader_ids: [leader.member_id],
    },
    UpdateActivityRequest: { capacity: 24, except_dates: ["2026-11-03", "2026-11-10"] },
    CopyActivityRequest: { name: "Judo 8-10 år, vårterminen", from_date: "2027-01-12", participants: "enrolled" },
    EnrollParticipantRequest: { member_id: participant.member_id },
    MemberGuardian: guardian,
    MemberGuardians: [guardian],
    SetGuardianRequest: { relation: "förälder" },
    Occasion: occasion,
    AddOccasionRequest: { starts_at: "2026-11-14T10:00:00+01:00", duration_minutes: 120, location: "Luleå judoklubb" },
    UpdateOccasionRequest: { status: "CANCELLED" },
    Attendance: attendance[1],
    OccasionWithAttendance: { ...occasion, attendance },
    LokSettings: { company_id: companyId, ...rfSisu },
    UpdateLokSettingsRequest: {
      company_id: companyId,
      min_age: 7,
      max_age: 25,
      min_participants: 3,
      min_leader_age: 13,
      min_minutes: 60,
      max_participants_per_leader: 20,
    },
    LokReport: {
      company_id: companyId,
      from: "2026-07-01",
      to: "2026-12-31",
      due: "2027-02-25",
      settings: { company_id: companyId, ...rfSisu },
      totals: {
        occasions: 2,
        qualifying: 1,
        participants_counted: 14,
        counted_by_gender: { female: 6, male: 7, other: 0, unknown: 1 },
      },
      activities: [
        {
          activity_id: 31,
          name: "Judo 8-10 år",
          occasions: 2,
          qualifying: 1,
          participants_counted: 14,
          counted_by_gender: { female: 6, male: 7, other: 0, unknown: 1 },
        },
      ],
      occasions: [
        {
          occasion_id: 5120,
          activity_id: 31,
          date: "2026-10-27",
          starts_at: "2026-10-27T18:00:00+01:00",
          duration_minutes: 60,
          location: "Norrskenshallen, dojo 2",
          qualifies: true,
          participants_present: 15,
          participants_counted: 14,
          leaders_counted: 1,
          reasons: [],
        },
        {
          occasion_id: 5121,
          activity_id: 31,
          date: "2026-11-03",
          starts_at: "2026-11-03T18:00:00+01:00",
          duration_minutes: 60,
          location: "Norrskenshallen, dojo 2",
          qualifies: false,
          participants_present: 0,
          participants_counted: 0,
          leaders_counted: 0,
          reasons: [{ code: "CANCELLED", text: "Inställd" }],
        },
      ],
    },
    RecordAttendanceRequest: {
      attendance: [
        { member_id: leader.member_id, status: "PRESENT" },
        { member_id: participant.member_id, status: "PRESENT" },
      ],
    },
  };
}
