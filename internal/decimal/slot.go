package decimal

import (
	"math/big"
	"strconv"
)

// Slot is the storage of one small integer's Number, its Rat and the
// Rat's one word, so that a small integer costs one allocation, or none
// when an arena hands out Slots in chunks (model.Arena does). Most
// numbers in a spec are small integers.
type Slot struct {
	num  Number
	rat  big.Rat
	word [1]big.Word
}

// SmallInt is the fast path of Parse: text that is an optional minus and
// at most 18 digits without a leading zero (or a lone 0), which an int64
// holds, so math/big need not read it. It says false for anything else.
func SmallInt(text string) (int64, bool) {
	digits := text
	if len(digits) > 0 && digits[0] == '-' {
		digits = digits[1:]
	}
	if len(digits) == 0 || len(digits) > 18 || len(digits) > 1 && digits[0] == '0' {
		return 0, false
	}
	for i := 0; i < len(digits); i++ {
		if digits[i] < '0' || digits[i] > '9' {
			return 0, false
		}
	}
	v, err := strconv.ParseInt(text, 10, 64)
	return v, err == nil
}

// SetInt makes s the Number of text, whose value v SmallInt returned.
func (s *Slot) SetInt(text string, v int64) *Number {
	// The numerator is set through Num() on s's word, and the Rat's
	// denominator is left zero, which big.Rat reads as 1: no allocation.
	abs := uint64(v)
	if v < 0 {
		abs = -abs
	}
	if w := big.Word(abs); uint64(w) == abs {
		s.word[0] = w
		num := s.rat.Num().SetBits(s.word[:])
		if v < 0 {
			num.Neg(num)
		}
	} else {
		s.rat.SetInt64(v) // a 32-bit Word is too small
	}
	s.num.Rat = &s.rat
	s.num.Text = text
	if v == 0 {
		s.num.Text = "0" // not -0
	}
	return &s.num
}
