/**
 * The CPT codes a claim may name (spec 002 section 9, "Claim CPT choices"): the catalogue's codes,
 * the RTM codes 98975 to 98981, and the 2026 codes the code set holds (99445, 99470, 98979, 98984,
 * 98985), in numeric order. They are the codes of `billing_codes` (migration 0019), which the API
 * accepts when the code is in force on the date of service; tests/console/features/claims holds the
 * two lists together. The API has no call that lists them.
 */
export const CLAIM_CPT_CODES = [
  '98975',
  '98976',
  '98977',
  '98979',
  '98980',
  '98981',
  '98984',
  '98985',
  '99091',
  '99424',
  '99425',
  '99426',
  '99427',
  '99437',
  '99439',
  '99445',
  '99453',
  '99454',
  '99457',
  '99458',
  '99470',
  '99487',
  '99489',
  '99490',
  '99491',
] as const;
