/** The time zone of the opening hours, offers and every date the agency states. */
export const AGENCY_TIME_ZONE = 'Indian/Mauritius';
