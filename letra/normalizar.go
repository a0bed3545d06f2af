package letra

import (
	"unicode"
	"unicode/utf8"
)

// caracter es una runa de una palabra ya normalizada: compuesta con las marcas
// combinantes que la siguen y llevada a mayúsculas.
type caracter struct {
	mayuscula rune // la forma que se compara con los símbolos
	original  rune // la forma escrita (compuesta), para los mensajes de error
	posicion  int  // posición en la palabra, contando runas desde 0
	byte      int  // posición en la palabra, en bytes
}

// normalizar agrega a dst los caracteres de s. Una marca combinante (por
// ejemplo la tilde U+0303) se compone con la letra anterior cuando la
// composición existe; si no, queda como un carácter propio, que ningún
// símbolo acepta.
func normalizar(s string, dst []caracter) []caracter {
	pos := 0
	for b, r := range s {
		dst = agregarRuna(dst, r, pos, b)
		pos++
	}
	return dst
}

// agregarRuna agrega a dst la runa r, que está en la posición pos (en
// runas) y en el byte b de la palabra: la compone con el último carácter
// si es una marca combinante que se compone con él.
func agregarRuna(dst []caracter, r rune, pos, b int) []caracter {
	if r < utf8.RuneSelf { // ASCII: ni marcas ni composiciones
		if 'a' <= r && r <= 'z' {
			return append(dst, caracter{mayuscula: r - 'a' + 'A', original: r, posicion: pos, byte: b})
		}
		return append(dst, caracter{mayuscula: r, original: r, posicion: pos, byte: b})
	}
	if len(dst) > 0 && unicode.Is(unicode.Mn, r) {
		ultimo := &dst[len(dst)-1]
		if c, ok := composiciones[[2]rune{ultimo.original, r}]; ok {
			ultimo.original = c
			ultimo.mayuscula = unicode.ToUpper(c)
			return dst
		}
	}
	return append(dst, caracter{mayuscula: unicode.ToUpper(r), original: r, posicion: pos, byte: b})
}

// maxVentana es cuántos caracteres guarda un [normalizador]: alcanza para
// los alfabetos cuya grafía más larga tiene menos runas.
const maxVentana = 16

// normalizador normaliza una palabra de a poco, con una ventana de los
// caracteres que todavía no se leyeron: leer una palabra larga no
// reserva memoria en proporción a su largo (ni ninguna: vive en la pila).
type normalizador struct {
	s   string
	i   int // el byte de la próxima runa de s
	pos int // la posición de la próxima runa de s, en runas
	v   [maxVentana]caracter
	n   int // los caracteres de la ventana: v[:n]
}

// llenar lee runas hasta tener n+1 caracteres en la ventana (n+1 ≤
// maxVentana), o hasta el final: así el último de los n primeros ya tiene
// compuestas sus marcas.
func (z *normalizador) llenar(n int) {
	for z.n <= n && z.i < len(z.s) {
		r, w := utf8.DecodeRuneInString(z.s[z.i:])
		z.agregar(r)
		z.i += w
		z.pos++
	}
}

// agregar agrega la runa r, la próxima de s, como agregarRuna.
func (z *normalizador) agregar(r rune) {
	if r >= utf8.RuneSelf && z.n > 0 && unicode.Is(unicode.Mn, r) {
		ultimo := &z.v[z.n-1]
		if c, ok := composiciones[[2]rune{ultimo.original, r}]; ok {
			ultimo.original = c
			ultimo.mayuscula = unicode.ToUpper(c)
			return
		}
	}
	may := r
	switch {
	case 'a' <= r && r <= 'z':
		may = r - 'a' + 'A'
	case r >= utf8.RuneSelf:
		may = unicode.ToUpper(r)
	}
	z.v[z.n] = caracter{mayuscula: may, original: r, posicion: z.pos, byte: z.i}
	z.n++
}

// consumir saca de la ventana los primeros k caracteres.
func (z *normalizador) consumir(k int) {
	z.n = copy(z.v[:], z.v[k:z.n])
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
		ogonek      = '\u0328'
		caron       = '\u030C'
		punto       = '\u0307'
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
		// Las del polaco y el esloveno.
		{'Ą', 'A', ogonek}, {'Ę', 'E', ogonek}, {'Ć', 'C', aguda}, {'Ń', 'N', aguda},
		{'Ś', 'S', aguda}, {'Ź', 'Z', aguda}, {'Ż', 'Z', punto},
		{'Č', 'C', caron}, {'Š', 'S', caron}, {'Ž', 'Z', caron},
	}
	m := make(map[[2]rune]rune, 2*len(tabla))
	for _, c := range tabla {
		m[[2]rune{c.base, c.marca}] = c.compuesta
		m[[2]rune{unicode.ToLower(c.base), c.marca}] = unicode.ToLower(c.compuesta)
	}
	return m
}()
