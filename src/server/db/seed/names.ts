// Made-up people and places for the demo data. Nothing here is a real patient.
export const FIRST_NAMES = [
  'Avery', 'Jordan', 'Riley', 'Morgan', 'Casey', 'Taylor', 'Quinn', 'Harper', 'Rowan', 'Elliot',
  'Maria', 'James', 'Linda', 'Robert', 'Patricia', 'Michael', 'Barbara', 'William', 'Elizabeth', 'David',
  'Susan', 'Richard', 'Jessica', 'Joseph', 'Sarah', 'Thomas', 'Karen', 'Charles', 'Nancy', 'Daniel',
  'Betty', 'Matthew', 'Margaret', 'Anthony', 'Sandra', 'Donald', 'Ashley', 'Mark', 'Dorothy', 'Paul',
  'Kimberly', 'Steven', 'Emily', 'Andrew', 'Donna', 'Kenneth', 'Michelle', 'Joshua', 'Carol', 'Kevin',
  'Amanda', 'Brian', 'Melissa', 'George', 'Deborah', 'Edward', 'Stephanie', 'Ronald', 'Rebecca', 'Timothy',
  'Sharon', 'Jason', 'Laura', 'Jeffrey', 'Cynthia', 'Ryan', 'Kathleen', 'Jacob', 'Amy', 'Gary',
  'Angela', 'Nicholas', 'Shirley', 'Eric', 'Anna', 'Jonathan', 'Brenda', 'Stephen', 'Pamela', 'Larry',
  'Nicole', 'Justin', 'Emma', 'Scott', 'Samantha', 'Brandon', 'Katherine', 'Benjamin', 'Christine', 'Samuel',
  'Debra', 'Gregory', 'Rachel', 'Alexander', 'Carolyn', 'Frank', 'Janet', 'Patrick', 'Catherine', 'Raymond',
] as const;

export const LAST_NAMES = [
  'Smith', 'Johnson', 'Williams', 'Brown', 'Jones', 'Garcia', 'Miller', 'Davis', 'Rodriguez', 'Martinez',
  'Hernandez', 'Lopez', 'Gonzalez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin',
  'Lee', 'Perez', 'Thompson', 'White', 'Harris', 'Sanchez', 'Clark', 'Ramirez', 'Lewis', 'Robinson',
  'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Torres', 'Nguyen', 'Hill', 'Flores',
  'Green', 'Adams', 'Nelson', 'Baker', 'Hall', 'Rivera', 'Campbell', 'Mitchell', 'Carter', 'Roberts',
  'Gomez', 'Phillips', 'Evans', 'Turner', 'Diaz', 'Parker', 'Cruz', 'Edwards', 'Collins', 'Reyes',
  'Stewart', 'Morris', 'Morales', 'Murphy', 'Cook', 'Rogers', 'Gutierrez', 'Ortiz', 'Morgan', 'Cooper',
  'Peterson', 'Bailey', 'Reed', 'Kelly', 'Howard', 'Ramos', 'Kim', 'Cox', 'Ward', 'Richardson',
  'Watson', 'Brooks', 'Chavez', 'Wood', 'James', 'Bennett', 'Gray', 'Mendoza', 'Ruiz', 'Hughes',
  'Price', 'Alvarez', 'Castillo', 'Sanders', 'Patel', 'Myers', 'Long', 'Ross', 'Foster', 'Jimenez',
] as const;

export const STREETS = ['Maple Ave', 'Oak St', 'Cedar Ln', 'Lakeview Dr', 'Harbor Rd', 'Main St', 'Elm St', 'Pine Ct', 'Willow Way', 'River Rd'] as const;

export const CITIES = [
  { city: 'Madison', state: 'WI', zip: '53703' },
  { city: 'Milwaukee', state: 'WI', zip: '53202' },
  { city: 'Evanston', state: 'IL', zip: '60201' },
  { city: 'Chicago', state: 'IL', zip: '60614' },
  { city: 'Duluth', state: 'MN', zip: '55802' },
  { city: 'Ann Arbor', state: 'MI', zip: '48104' },
] as const;
