/** The topic icon picker's choices (plans-billing §9: nine categories of ten icons), each with its spoken name. */
export interface EmojiChoice {
  emoji: string;
  label: string;
}

export interface EmojiCategory {
  name: string;
  emojis: EmojiChoice[];
}

const choices = (pairs: [string, string][]): EmojiChoice[] =>
  pairs.map(([emoji, label]) => ({ emoji, label }));

export const EMOJI_CATEGORIES: EmojiCategory[] = [
  {
    name: "Learning",
    emojis: choices([
      ["📘", "Blue book"],
      ["📚", "Books"],
      ["🎓", "Graduation cap"],
      ["✏️", "Pencil"],
      ["📝", "Memo"],
      ["🔤", "Latin letters"],
      ["🗣️", "Speaking head"],
      ["💬", "Speech balloon"],
      ["🧠", "Brain"],
      ["🏫", "School"],
    ]),
  },
  {
    name: "Business",
    emojis: choices([
      ["💼", "Briefcase"],
      ["💰", "Money bag"],
      ["📈", "Chart increasing"],
      ["🏦", "Bank"],
      ["💳", "Credit card"],
      ["🤝", "Handshake"],
      ["🏢", "Office building"],
      ["📊", "Bar chart"],
      ["💷", "Pound banknote"],
      ["🧾", "Receipt"],
    ]),
  },
  {
    name: "Science and technology",
    emojis: choices([
      ["🔬", "Microscope"],
      ["🧪", "Test tube"],
      ["🧬", "DNA"],
      ["🔭", "Telescope"],
      ["⚛️", "Atom symbol"],
      ["💻", "Laptop"],
      ["🤖", "Robot"],
      ["🛰️", "Satellite"],
      ["⚙️", "Gear"],
      ["🔋", "Battery"],
    ]),
  },
  {
    name: "Health and medicine",
    emojis: choices([
      ["🩺", "Stethoscope"],
      ["💊", "Pill"],
      ["🏥", "Hospital"],
      ["❤️", "Red heart"],
      ["🦷", "Tooth"],
      ["🧘", "Person in lotus position"],
      ["🍎", "Red apple"],
      ["💪", "Flexed biceps"],
      ["🩹", "Adhesive bandage"],
      ["😴", "Sleeping face"],
    ]),
  },
  {
    name: "Law and society",
    emojis: choices([
      ["⚖️", "Balance scale"],
      ["🏛️", "Classical building"],
      ["📜", "Scroll"],
      ["🗳️", "Ballot box"],
      ["👮", "Police officer"],
      ["🔏", "Locked with pen"],
      ["🌍", "Globe"],
      ["📰", "Newspaper"],
      ["🕊️", "Dove"],
      ["🏳️", "White flag"],
    ]),
  },
  {
    name: "Arts and culture",
    emojis: choices([
      ["🎨", "Artist palette"],
      ["🖌️", "Paintbrush"],
      ["🎭", "Performing arts"],
      ["🎵", "Musical note"],
      ["🎬", "Clapper board"],
      ["📷", "Camera"],
      ["🖼️", "Framed picture"],
      ["🎻", "Violin"],
      ["📖", "Open book"],
      ["🏺", "Amphora"],
    ]),
  },
  {
    name: "Nature and food",
    emojis: choices([
      ["🌱", "Seedling"],
      ["🌻", "Sunflower"],
      ["🌳", "Deciduous tree"],
      ["🌊", "Water wave"],
      ["☀️", "Sun"],
      ["🐾", "Paw prints"],
      ["🍳", "Cooking"],
      ["🍷", "Wine glass"],
      ["☕", "Hot beverage"],
      ["🧑‍🍳", "Cook"],
    ]),
  },
  {
    name: "Sports and travel",
    emojis: choices([
      ["⚽", "Soccer ball"],
      ["🏀", "Basketball"],
      ["🎾", "Tennis"],
      ["🏃", "Person running"],
      ["🚴", "Person biking"],
      ["✈️", "Airplane"],
      ["🗺️", "World map"],
      ["🧳", "Luggage"],
      ["🎮", "Video game"],
      ["🏆", "Trophy"],
    ]),
  },
  {
    name: "Faith and reflection",
    emojis: choices([
      ["🙏", "Folded hands"],
      ["✝️", "Latin cross"],
      ["☪️", "Star and crescent"],
      ["✡️", "Star of David"],
      ["🕉️", "Om"],
      ["☸️", "Wheel of dharma"],
      ["🪯", "Khanda"],
      ["☯️", "Yin yang"],
      ["🕯️", "Candle"],
      ["🪷", "Lotus"],
    ]),
  },
];
