package letra

import (
	"unicode"
)

// caracter es una runa de una palabra ya normalizada: compuesta con las marcas
// combinantes que la siguen y llevada a mayúsculas.
type caracter struct {
	mayuscula rune // la forma que se compara con los símbolos
	original  rune // la forma escrita (compuesta), para los mensajes de error
	posicion  int  // posición en la palabra, contando runas desde 0
}

// normalizar agrega a dst los caracteres de s. Una marca combinante (por
// ejemplo la tilde U+0303) se compone con la letra anterior cuando la
// composición existe; si no, queda como un carácter propio, que ningún
// símbolo acepta.
func normalizar(s string, dst []caracter) []caracter {
	pos := 0
	for _, r := range s {
		if len(dst) > 0 && unicode.Is(unicode.Mn, r) {
			ultimo := &dst[len(dst)-1]
			if c, ok := composiciones[[2]rune{ultimo.original, r}]; ok {
				ultimo.original = c
				ultimo.mayuscula = unicode.ToUpper(c)
				pos++
				continue
			}
		}
		dst = append(dst, caracter{mayuscula: unicode.ToUpper(r), original: r, posicion: pos})
		pos++
	}
	return dst
}

// composiciones lleva (letra base, marca combinante) a la letra precompuesta,
// para las letras latinas con diacríticos de uso común en los juegos de
// palabras. Es la parte de la normalización NFC que hace falta aquí.
var composiciones = func() map[[2]rune]rune {
	const (
		grave       = '\u0300'
		aguda       = '\u0301'
		circunflejo = '\u0302'
		tilde       = '\u0303'
		dieresis    = '\u0308'
		anillo      = '\u030A'
		cedilla     = '\u0327'
	)
	tabla := []struct {
		compuesta, base, marca rune
	}{
		{'À', 'A', grave}, {'Á', 'A', aguda}, {'Â', 'A', circunflejo}, {'Ã', 'A', tilde},
		{'Ä', 'A', dieresis}, {'Å', 'A', anillo}, {'Ç', 'C', cedilla},
		{'È', 'E', grave}, {'É', 'E', aguda}, {'Ê', 'E', circunflejo}, {'Ë', 'E', dieresis},
		{'Ì', 'I', grave}, {'Í', 'I', aguda}, {'Î', 'I', circunflejo}, {'Ï', 'I', dieresis},
		{'Ñ', 'N', tilde},
		{'Ò', 'O', grave}, {'Ó', 'O', aguda}, {'Ô', 'O', circunflejo}, {'Õ', 'O', tilde},
		{'Ö', 'O', dieresis},
		{'Ù', 'U', grave}, {'Ú', 'U', aguda}, {'Û', 'U', circunflejo}, {'Ü', 'U', dieresis},
		{'Ý', 'Y', aguda},
	}
	m := make(map[[2]rune]rune, 2*len(tabla))
	for _, c := range tabla {
		m[[2]rune{c.base, c.marca}] = c.compuesta
		m[[2]rune{unicode.ToLower(c.base), c.marca}] = unicode.ToLower(c.compuesta)
	}
	return m
}()
