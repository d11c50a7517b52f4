// Made-up people and places for the 'Generate Mock Patient' button, apart from the demo seed's
// (the domain imports nothing from the server). Nothing here is a real patient.
export const MOCK_FIRST_NAMES = ['Wren', 'Silas', 'Juniper', 'Ezra', 'Marisol', 'Tobias', 'Imogen', 'Callum', 'Delphine', 'Anselm', 'Noor', 'Bastian'] as const;

export const MOCK_LAST_NAMES = [
  'Okafor',
  'Lindqvist',
  'Farrow',
  'Castellano',
  'Achterberg',
  'Whitlock',
  'Nakamura',
  'Drummond',
  'Petrosyan',
  'Ellery',
  'Halloran',
  'Fenwick',
] as const;

export const MOCK_STREETS = ['Birchwood Ave', 'Larkspur Ln', 'Thornbury Rd', 'Quarry St', 'Kettle Ct'] as const;

export const MOCK_CITIES = [
  { city: 'Sheboygan', state: 'WI', zip: '53081' },
  { city: 'Eau Claire', state: 'WI', zip: '54701' },
  { city: 'Rockford', state: 'IL', zip: '61101' },
  { city: 'Kalamazoo', state: 'MI', zip: '49007' },
] as const;
