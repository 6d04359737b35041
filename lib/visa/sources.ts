/**
 * Sources of the fact sheet (shared/reference/mauritius-permits.md), with the date each states.
 * Localised titles are `VisaEngine.sources` in messages/*.json. `official` marks government pages.
 */
export interface SourceInfo {
  url: string;
  asOf: string | null;
  official: boolean;
}

export const SOURCES = {
  S1: { url: 'https://github.com/ilyankou/passport-index-dataset', asOf: '2025-12-24', official: false },
  S2: { url: 'https://passport.govmu.org/passport/?page_id=605', asOf: null, official: true },
  S2b: { url: 'https://passport.govmu.org/passport/?page_id=620', asOf: null, official: true },
  S3: { url: 'https://passport.govmu.org/passport/?page_id=593', asOf: null, official: true },
  S4: { url: 'https://wikimili.com/en/Visa_policy_of_Mauritius', asOf: null, official: false },
  S5: {
    url: 'https://www.expat.com/en/guide/africa/mauritius/108-travel-to-mauritius.html',
    asOf: '2024-06-28',
    official: false,
  },
  S5b: {
    url: 'https://www.expat.com/en/guide/africa/mauritius/print-34337-premium-visa-in-mauritius.html',
    asOf: '2023-03-19',
    official: false,
  },
  S6: { url: 'https://www.gov.uk/foreign-travel-advice/mauritius', asOf: '2022-02-18', official: true },
  S7: { url: 'https://travel.state.gov', asOf: null, official: true },
  S8: {
    url: 'https://www.ilemauricetourisme.info/fr/article/maurice-sans-passeport---la-mesure-exceptionnelle-prolongee-jusqu-en-juin-2026',
    asOf: null,
    official: false,
  },
  S9: { url: 'https://residency.mu/live/mauritius-premium-visa', asOf: null, official: true },
  S10: { url: 'https://www.thefriendlydodo.com/en/News/Newsmeldung?newsid=10', asOf: '2020-11-30', official: false },
  S11: {
    url: 'https://magellan.mu/en/2023/01/06/what-is-the-purpose-of-the-long-stay-premium-visa-in-mauritius/',
    asOf: '2023-01-06',
    official: false,
  },
  S12: { url: 'https://start.mu', asOf: '2026-09-12', official: false },
  S13: {
    url: 'https://renesisfinancial.com/professional-occupation-permit-mauritius-complete-2025-guide',
    asOf: '2025-10-15',
    official: false,
  },
  S14: {
    url: 'https://renesisfinancial.com/investor-permit-in-mauritius-complete-2025-guide',
    asOf: '2025',
    official: false,
  },
  S15: { url: 'https://renesisfinancial.com/author/administrator-access', asOf: '2025', official: false },
  S16: { url: 'https://residency.mu/invest/investment-of-usd-100000', asOf: null, official: true },
  S17: {
    url: 'https://www.edbmauritius.org/info-centre/young-professional-occupation-permit',
    asOf: null,
    official: true,
  },
  S18: {
    url: 'https://www.fragomen.com/insights/mauritius-new-conditions-for-occupation-permit-young-professional-permit-and-permanent-residency-applications.html',
    asOf: '2025-09',
    official: false,
  },
  S19: {
    url: 'https://www.mondaq.com/investment-immigration/1721276/mauritius-residency-permit-amendments-benefits-and-qualifying-requirements-update-november-2025',
    asOf: '2025-11',
    official: false,
  },
  S20: {
    url: 'https://www.propertycloud.mu/fr/blog/mauritius-budget-2025-2026-what-foreign-buyers-must-know',
    asOf: '2025-06-11',
    official: false,
  },
  S21: {
    url: 'https://magellan.mu/en/2025/09/03/mauritius-2025-26-budget-tax-residence-permits',
    asOf: '2025-09-03',
    official: false,
  },
  S22: { url: 'https://dha.govmu.org/Pages/Services/RP_Permanent_Residence_Permit.aspx', asOf: null, official: true },
  S24: {
    url: 'https://www.sovereigngroup.com/mauritius/private-clients/immigration-and-residency-in-mauritius/residency-by-retirement/',
    asOf: null,
    official: false,
  },
  S24b: { url: 'https://mauritius.com/retired-non-citizen-50-years', asOf: '2022-07-11', official: false },
  S25: { url: 'https://xpatweb.mu/retired-non-citizen-residence-permit', asOf: null, official: false },
  S26: {
    url: 'https://migration.govmu.org/Pages/migration/Acquisition-of-Residential-Unit.aspx',
    asOf: null,
    official: true,
  },
  S27: { url: 'https://www.businessconsult.mu/permanent-residence-permit/', asOf: null, official: false },
  S28: { url: 'https://www.pulseaugur.com/cluster/19670', asOf: null, official: false },
  S29: { url: 'https://passport.govmu.org/passport/?page_id=580', asOf: null, official: true },
  S29b: { url: 'http://all-about-edu.com/faqs/', asOf: '2013-11-13', official: false },
  S30: { url: 'https://uom.ac.mu/index.php/work-and-study', asOf: null, official: false },
  S31: { url: 'https://www.middlesex.mu/courses/applying-for-a-residence-permit', asOf: null, official: false },
  S32: { url: 'https://workpermit.mu/eworkpermit_wkp/web/index/pagename/faq', asOf: null, official: true },
  S35: {
    url: 'https://nairametrics.com/2025/12/03/mauritius-to-adopt-new-e-travel-authorization-system-to-ease-airport-delays/',
    asOf: '2025-12-03',
    official: false,
  },
  S36: { url: 'https://www.edbmauritius.org/occupation-permit/', asOf: null, official: true },
  S37: {
    url: 'https://smarttraveller.mu/faq/en-combien-de-temps-sont-traites-les-visas/',
    asOf: null,
    official: false,
  },
  S39: {
    url: 'https://www.fragomen.com/insights/occupation-and-residence-permit-improvements-forthcoming.html',
    asOf: '2020-06-08',
    official: false,
  },
  S41: { url: 'https://glomad.net/Mauritius/Visa/13', asOf: null, official: false },
} as const satisfies Record<string, SourceInfo>;

export type SourceId = keyof typeof SOURCES;
