//! The Italian fiscal code (codice fiscale, DM 23/12/1976): its form, its check character, the
//! omocodia variants, and whether it fits a person's name, birth date, sex and birthplace.
//!
//! Sixteen characters: three of the surname, three of the name, the birth year's last two
//! digits, the month's letter, the day (plus 40 for women), the birthplace's cadastral code
//! (a letter and three digits; `Z` and three digits for a foreign country), the check letter.
//! When two people would get the same code, the revenue agency replaces digits from the right
//! with letters (omocodia: 0-9 become L M N P Q R S T U V); such a code is as valid as the
//! plain one and is read back through [`FiscalCode::plain`].
//!
//! No crate does this well (the ones on crates.io handle omocodia partially and refuse
//! accented names), and the rules are short and fixed: they are written out here.

use chrono::{Datelike, NaiveDate};
use unicode_normalization::UnicodeNormalization;

/// The month letters, January to December.
const MONTHS: [u8; 12] = *b"ABCDEHLMPRST";
/// The letters omocodia puts in place of the digits 0 to 9.
const OMOCODIA: [u8; 10] = *b"LMNPQRSTUV";
/// The positions that hold digits in a plain code (and may hold omocodia letters).
const DIGIT_POSITIONS: [usize; 7] = [6, 7, 9, 10, 12, 13, 14];
/// A character's value at an odd position (1st, 3rd, ...), for `0`-`9` then `A`-`Z`.
const ODD_DIGITS: [u32; 10] = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21];
const ODD_LETTERS: [u32; 26] = [
    1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23,
];

/// Why a fiscal code is refused, as the API's stable codes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Problem {
    /// Not sixteen letters and digits in their places.
    Format,
    /// The last letter does not match the others.
    CheckCharacter,
    LastName,
    FirstName,
    BirthDate,
    Sex,
    Birthplace,
}

impl Problem {
    pub fn code(self) -> &'static str {
        match self {
            Problem::Format => "invalid_format",
            Problem::CheckCharacter => "check_character",
            Problem::LastName => "last_name_mismatch",
            Problem::FirstName => "first_name_mismatch",
            Problem::BirthDate => "birth_date_mismatch",
            Problem::Sex => "sex_mismatch",
            Problem::Birthplace => "birthplace_mismatch",
        }
    }
}

/// A fiscal code of the right form with the right check character (upper case, no spaces).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FiscalCode(String);

/// What a fiscal code is checked against.
#[derive(Debug, Clone)]
pub struct Person<'a> {
    pub first_name: &'a str,
    pub last_name: &'a str,
    pub birth_date: NaiveDate,
    /// `M` or `F`.
    pub sex: &'a str,
    /// The birthplace's cadastral code (`H501`), or none for the foreign-born (then the code
    /// must name a foreign country: `Z` and three digits).
    pub cadastral_code: Option<&'a str>,
}

impl FiscalCode {
    /// Reads a fiscal code as typed (any case, spaces around), checking its form and check
    /// character.
    pub fn parse(raw: &str) -> Result<FiscalCode, Problem> {
        let code: String = raw.trim().to_ascii_uppercase();
        let bytes = code.as_bytes();
        if bytes.len() != 16 || !bytes.iter().all(u8::is_ascii_alphanumeric) {
            return Err(Problem::Format);
        }
        for (i, &b) in bytes.iter().enumerate() {
            let fits = if DIGIT_POSITIONS.contains(&i) {
                b.is_ascii_digit() || OMOCODIA.contains(&b)
            } else {
                b.is_ascii_uppercase()
            };
            if !fits {
                return Err(Problem::Format);
            }
        }
        if !MONTHS.contains(&bytes[8]) {
            return Err(Problem::Format);
        }
        let plain = plain_of(bytes);
        let day: u32 = digits(&plain[9..11]);
        if !(1..=31).contains(&day) && !(41..=71).contains(&day) {
            return Err(Problem::Format);
        }
        if check_character(&bytes[..15]) != bytes[15] {
            return Err(Problem::CheckCharacter);
        }
        Ok(FiscalCode(code))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The code with omocodia letters turned back into digits (its check character left as
    /// it was: it belongs to the code as issued).
    pub fn plain(&self) -> String {
        String::from_utf8(plain_of(self.0.as_bytes()).to_vec()).expect("ASCII")
    }

    /// The first part of the code that does not fit `person`, if any.
    pub fn mismatch(&self, person: &Person<'_>) -> Option<Problem> {
        let plain = plain_of(self.0.as_bytes());
        if plain[0..3] != surname_part(person.last_name) {
            return Some(Problem::LastName);
        }
        if plain[3..6] != name_part(person.first_name) {
            return Some(Problem::FirstName);
        }
        let date = person.birth_date;
        let year = digits(&plain[6..8]);
        let month = MONTHS
            .iter()
            .position(|&m| m == plain[8])
            .map(|m| m as u32 + 1);
        let day = digits(&plain[9..11]);
        let (day, female) = if day > 40 {
            (day - 40, true)
        } else {
            (day, false)
        };
        if year != date.year().rem_euclid(100) as u32
            || month != Some(date.month())
            || day != date.day()
        {
            return Some(Problem::BirthDate);
        }
        if female != (person.sex == "F") {
            return Some(Problem::Sex);
        }
        let place = &plain[11..15];
        let fits = match person.cadastral_code {
            Some(code) => place.eq_ignore_ascii_case(code.as_bytes()),
            None => place[0] == b'Z',
        };
        if !fits {
            return Some(Problem::Birthplace);
        }
        None
    }
}

/// The code's bytes with omocodia letters back to digits (the check character kept).
fn plain_of(bytes: &[u8]) -> [u8; 16] {
    let mut out = [0u8; 16];
    out.copy_from_slice(&bytes[..16]);
    for i in DIGIT_POSITIONS {
        if let Some(d) = OMOCODIA.iter().position(|&l| l == out[i]) {
            out[i] = b'0' + d as u8;
        }
    }
    out
}

fn digits(b: &[u8]) -> u32 {
    b.iter().fold(0, |n, d| n * 10 + u32::from(d - b'0'))
}

/// The check character of a code's first fifteen characters.
fn check_character(first: &[u8]) -> u8 {
    let sum: u32 = first
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            // Positions count from 1: index 0 is the first, odd, position.
            let odd = i % 2 == 0;
            match (c.is_ascii_digit(), odd) {
                (true, true) => ODD_DIGITS[usize::from(c - b'0')],
                (true, false) => u32::from(c - b'0'),
                (false, true) => ODD_LETTERS[usize::from(c - b'A')],
                (false, false) => u32::from(c - b'A'),
            }
        })
        .sum();
    b'A' + (sum % 26) as u8
}

/// A name's letters in upper case without accents (`D'Angelo` -> `DANGELO`, `Nicolò` ->
/// `NICOLO`).
fn letters(name: &str) -> Vec<u8> {
    name.nfd()
        .filter(char::is_ascii_alphabetic)
        .map(|c| c.to_ascii_uppercase() as u8)
        .collect()
}

fn split(name: &str) -> (Vec<u8>, Vec<u8>) {
    letters(name)
        .into_iter()
        .partition(|c| !b"AEIOU".contains(c))
}

/// Consonants, then vowels, then `X`, the first three.
fn three(consonants: Vec<u8>, vowels: Vec<u8>) -> [u8; 3] {
    let mut out = [b'X'; 3];
    for (slot, c) in out.iter_mut().zip(consonants.into_iter().chain(vowels)) {
        *slot = c;
    }
    out
}

fn surname_part(last_name: &str) -> [u8; 3] {
    let (consonants, vowels) = split(last_name);
    three(consonants, vowels)
}

/// A first name's part: with four consonants or more, the first, third and fourth.
fn name_part(first_name: &str) -> [u8; 3] {
    let (consonants, vowels) = split(first_name);
    if consonants.len() >= 4 {
        [consonants[0], consonants[2], consonants[3]]
    } else {
        three(consonants, vowels)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(y: i32, m: u32, d: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, d).unwrap()
    }

    /// Mario Rossi, born in Rome (H501) on 1 January 1980: the textbook example.
    fn mario() -> Person<'static> {
        Person {
            first_name: "Mario",
            last_name: "Rossi",
            birth_date: date(1980, 1, 1),
            sex: "M",
            cadastral_code: Some("H501"),
        }
    }

    #[test]
    fn a_code_of_the_right_form_and_check_character_is_read() {
        let code = FiscalCode::parse(" rssmra80a01h501u ").unwrap();
        assert_eq!(code.as_str(), "RSSMRA80A01H501U");
        assert_eq!(code.mismatch(&mario()), None);
    }

    #[test]
    fn a_wrong_check_character_is_refused() {
        assert_eq!(
            FiscalCode::parse("RSSMRA80A01H501A"),
            Err(Problem::CheckCharacter)
        );
        // One letter changed: the check character no longer fits.
        assert_eq!(
            FiscalCode::parse("RSSMRB80A01H501U"),
            Err(Problem::CheckCharacter)
        );
    }

    #[test]
    fn the_wrong_form_is_refused() {
        for raw in [
            "",
            "RSSMRA80A01H501",
            "RSSMRA80A01H501UU",
            "RSSMRA80Z01H501U", // no month Z
            "RSSMRA80A32H501U", // day 32
            "RSSMRA80A01H5O1U", // a letter where a digit goes, not an omocodia one
            "RSSMR480A01H501U",
            "RSSMRA80A01H501-",
        ] {
            assert_eq!(FiscalCode::parse(raw), Err(Problem::Format), "{raw}");
        }
    }

    #[test]
    fn omocodia_variants_are_valid_and_fit_the_same_person() {
        // The last digit of the place replaced (1 -> M), then the next (0 -> L): each with the
        // check character computed for it.
        let first = "RSSMRA80A01H50M";
        let first = format!("{first}{}", check_character(first.as_bytes()) as char);
        let second = "RSSMRA80A01H5LM";
        let second = format!("{second}{}", check_character(second.as_bytes()) as char);
        for raw in [first, second] {
            let code = FiscalCode::parse(&raw).unwrap();
            assert_eq!(code.plain()[..15], *"RSSMRA80A01H501");
            assert_eq!(code.mismatch(&mario()), None, "{raw}");
        }
        // A variant with its check character left as the plain code's is refused.
        assert_eq!(
            FiscalCode::parse("RSSMRA80A01H50MU"),
            Err(Problem::CheckCharacter)
        );
    }

    #[test]
    fn each_part_that_does_not_fit_is_named() {
        let code = FiscalCode::parse("RSSMRA80A01H501U").unwrap();
        let cases = [
            (
                Person {
                    last_name: "Bianchi",
                    ..mario()
                },
                Problem::LastName,
            ),
            (
                Person {
                    first_name: "Marco",
                    ..mario()
                },
                Problem::FirstName,
            ),
            (
                Person {
                    birth_date: date(1980, 1, 2),
                    ..mario()
                },
                Problem::BirthDate,
            ),
            (
                Person {
                    birth_date: date(1981, 1, 1),
                    ..mario()
                },
                Problem::BirthDate,
            ),
            (
                Person {
                    sex: "F",
                    ..mario()
                },
                Problem::Sex,
            ),
            (
                Person {
                    cadastral_code: Some("C933"),
                    ..mario()
                },
                Problem::Birthplace,
            ),
            (
                Person {
                    cadastral_code: None,
                    ..mario()
                },
                Problem::Birthplace,
            ),
        ];
        for (person, problem) in cases {
            assert_eq!(code.mismatch(&person), Some(problem), "{person:?}");
        }
        // Maria has Mario's letters (M, R, then the first vowel): the code cannot tell them apart.
        let maria = Person {
            first_name: "Maria",
            ..mario()
        };
        assert_eq!(code.mismatch(&maria), None);
    }

    #[test]
    fn women_foreign_born_short_and_accented_names() {
        // Born in Germany (Z112) on 41+4 = 4 March 1995, a woman: Zoë Ng.
        let body = "NGXZOE95C44Z112";
        let raw = format!("{body}{}", check_character(body.as_bytes()) as char);
        let code = FiscalCode::parse(&raw).unwrap();
        let zoe = Person {
            first_name: "Zoë",
            last_name: "Ng",
            birth_date: date(1995, 3, 4),
            sex: "F",
            cadastral_code: None,
        };
        assert_eq!(code.mismatch(&zoe), None);
        assert_eq!(
            code.mismatch(&Person {
                sex: "M",
                ..zoe.clone()
            }),
            Some(Problem::Sex)
        );
        // Four consonants or more in the first name: the first, third and fourth.
        assert_eq!(name_part("Gianfranco"), *b"GFR");
        assert_eq!(name_part("Nicolò"), *b"NCL");
        assert_eq!(surname_part("D'Angelo"), *b"DNG");
        assert_eq!(surname_part("Fo"), *b"FOX");
        assert_eq!(surname_part("De Luca"), *b"DLC");
    }
}
