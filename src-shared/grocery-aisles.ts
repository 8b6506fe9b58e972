// Where an item is in a typical supermarket, from a small built-in word list (de, en).
// German compounds are matched by their last part: "Vollmilch" is milk, "Roggenbrot" bread.
import { groceryNameKey } from './grocery-names';

export const GROCERY_AISLES = ['produce', 'bakery', 'dairy', 'meat', 'frozen', 'pantry', 'spices', 'drinks', 'household', 'other'] as const;
export type GroceryAisle = (typeof GROCERY_AISLES)[number];

const WORDS: Readonly<Record<Exclude<GroceryAisle, 'other'>, readonly string[]>> = {
  produce: [
    'apfel', 'birne', 'banane', 'orange', 'zitrone', 'limette', 'traube', 'erdbeere', 'himbeere', 'heidelbeere', 'kirsche', 'pflaume', 'pfirsich', 'melone', 'kiwi', 'mango', 'ananas',
    'tomate', 'gurke', 'paprika', 'salat', 'kartoffel', 'zwiebel', 'knoblauch', 'karotte', 'möhre', 'zucchini', 'aubergine', 'brokkoli', 'blumenkohl', 'kohl', 'spinat', 'lauch', 'porree', 'sellerie', 'pilz', 'champignon', 'avocado', 'ingwer', 'petersilie', 'schnittlauch', 'basilikum', 'radieschen', 'kürbis', 'mais', 'bohne', 'erbse', 'obst', 'gemüse',
    'apple', 'pear', 'banana', 'lemon', 'lime', 'grape', 'strawberry', 'raspberry', 'blueberry', 'cherry', 'plum', 'peach', 'melon', 'pineapple',
    'tomato', 'cucumber', 'pepper', 'lettuce', 'potato', 'onion', 'garlic', 'carrot', 'courgette', 'eggplant', 'broccoli', 'cauliflower', 'cabbage', 'spinach', 'leek', 'celery', 'mushroom', 'ginger', 'parsley', 'basil', 'pumpkin', 'fruit', 'vegetable',
  ],
  bakery: ['brot', 'brötchen', 'semmel', 'breze', 'brezel', 'toast', 'baguette', 'croissant', 'kuchen', 'bread', 'roll', 'bagel', 'cake', 'bun'],
  dairy: [
    'milch', 'butter', 'käse', 'joghurt', 'jogurt', 'quark', 'sahne', 'schmand', 'frischkäse', 'mozzarella', 'parmesan', 'ei', 'margarine',
    'milk', 'cheese', 'yogurt', 'yoghurt', 'cream', 'egg',
  ],
  meat: ['fleisch', 'hackfleisch', 'hähnchen', 'huhn', 'wurst', 'würstchen', 'schinken', 'speck', 'salami', 'fisch', 'lachs', 'thunfisch', 'steak', 'meat', 'chicken', 'beef', 'pork', 'ham', 'bacon', 'sausage', 'fish', 'salmon', 'tuna', 'mince'],
  frozen: ['tiefkühl', 'eis', 'pizza', 'pommes', 'ice', 'frozen', 'fries'],
  pantry: [
    'mehl', 'zucker', 'reis', 'nudel', 'spaghetti', 'pasta', 'öl', 'essig', 'honig', 'marmelade', 'müsli', 'haferflocke', 'linse', 'kichererbse', 'konserve', 'tomatenmark', 'ketchup', 'senf', 'mayonnaise', 'schokolade', 'keks', 'chips', 'nuss', 'kaffee', 'tee', 'kakao', 'hefe', 'backpulver',
    'flour', 'sugar', 'rice', 'noodle', 'oil', 'vinegar', 'honey', 'jam', 'cereal', 'oat', 'lentil', 'chickpea', 'mustard', 'chocolate', 'biscuit', 'cookie', 'crisp', 'nut', 'coffee', 'tea', 'cocoa', 'yeast',
  ],
  spices: ['salz', 'pfeffer', 'zimt', 'paprikapulver', 'curry', 'oregano', 'thymian', 'muskat', 'vanille', 'gewürz', 'salt', 'cinnamon', 'nutmeg', 'thyme', 'vanilla', 'spice', 'cumin'],
  drinks: ['wasser', 'saft', 'bier', 'wein', 'limonade', 'cola', 'sprudel', 'water', 'juice', 'beer', 'wine', 'lemonade', 'soda'],
  household: [
    'toilettenpapier', 'klopapier', 'küchenrolle', 'spülmittel', 'waschmittel', 'seife', 'shampoo', 'zahnpasta', 'müllbeutel', 'schwamm', 'windel', 'taschentuch', 'alufolie', 'backpapier',
    'toilet paper', 'paper towel', 'detergent', 'soap', 'toothpaste', 'bin bag', 'sponge', 'nappy', 'diaper', 'tissue', 'foil',
  ],
};

const AISLE_OF = new Map<string, GroceryAisle>();
for (const [aisle, words] of Object.entries(WORDS) as [GroceryAisle, readonly string[]][]) for (const w of words) AISLE_OF.set(groceryNameKey(w), aisle);
// Longest first, so "paprikapulver" wins over "paprika" and "tomatenmark" over "tomate".
const BY_LENGTH = [...AISLE_OF.keys()].sort((a, b) => b.length - a.length);

/** The aisle of an item name; 'other' when the word list does not know it. */
export function aisleOf(name: string): GroceryAisle {
  const key = groceryNameKey(name);
  const exact = AISLE_OF.get(key);
  if (exact) return exact;
  const words = key.split(' ');
  // The last word names the thing in both languages ("frische Milch", "whole milk").
  for (const word of [...words].reverse()) {
    const hit = AISLE_OF.get(word);
    if (hit) return hit;
    const compound = BY_LENGTH.find((k) => k.length >= 2 && word.length > k.length && word.endsWith(k));
    if (compound) return AISLE_OF.get(compound)!;
  }
  return 'other';
}
