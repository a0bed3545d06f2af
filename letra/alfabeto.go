package letra

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/internal/cita"
)

// Alfabeto es el conjunto ordenado de fichas de un idioma. Cada ficha se
// escribe con un símbolo: una letra ("A", "Ñ") o varias ("CH", "LL", "RR" en
// los alfabetos que las tienen como fichas). La i-ésima ficha es la [Letra] i.
//
// Un Alfabeto lee palabras escritas ([Alfabeto.Parsear]) sin distinguir
// mayúsculas de minúsculas, con la "ñ" precompuesta o descompuesta ("n" seguida
// de la tilde combinante U+0303) indistintamente, y eligiendo siempre el
// símbolo más largo posible: con "CH" en el alfabeto, "CHICO" se lee
// CH-I-C-O. Un alfabeto puede declarar además equivalencias, grafías que se leen
// como una de sus fichas ([Alfabeto.ConEquivalencias]); los alfabetos
// españoles predefinidos leen las vocales con tilde o diéresis como la vocal
// sin ella, como en el juego de mesa.
//
// Un Alfabeto es inmutable y puede usarse desde varias gorutinas a la vez. El
// valor cero no es útil: se crea con [NuevoAlfabeto] o se usa uno de los
// predefinidos ([Espanol], [EspanolConDigrafos], [Ingles]).
type Alfabeto struct {
	simbolos []string          // símbolo canónico (mayúsculas) de cada letra
	ascii    [128][]grafia     // grafías por su primera runa, si es ASCII
	otras    map[rune][]grafia // grafías por su primera runa, si no lo es
	maxRunas int               // el largo de la grafía más larga, en runas
}

// grafia es una forma de escribir una letra: su símbolo o una equivalencia,
// normalizada (mayúsculas, compuesta).
type grafia struct {
	runas []rune
	letra Letra
}

// PuntoVolado es el punto medio (U+00B7) de la ele geminada catalana,
// "L·L": el único carácter que no es una letra que puede tener un símbolo
// o una equivalencia, y nunca al comienzo.
const PuntoVolado = '·'

// NuevoAlfabeto devuelve el alfabeto cuyas letras, en orden, se escriben con
// los símbolos dados. Cada símbolo debe ser no vacío y estar formado solo por
// letras (en el sentido de [unicode.IsLetter]) o, salvo al comienzo, por el
// [PuntoVolado] ("L·L"); no puede haber dos iguales sin
// distinguir mayúsculas, ni más de [MaxLetras]−1 (el último valor es el
// [Comodin]). Si no se cumple, devuelve un
// error que envuelve a [ErrAlfabetoInvalido].
func NuevoAlfabeto(simbolos ...string) (*Alfabeto, error) {
	if len(simbolos) == 0 {
		return nil, fmt.Errorf("%w: no tiene símbolos", ErrAlfabetoInvalido)
	}
	if len(simbolos) > MaxLetras-1 {
		return nil, fmt.Errorf("%w: %d símbolos, más que el máximo de %d",
			ErrAlfabetoInvalido, len(simbolos), MaxLetras-1)
	}
	a := &Alfabeto{simbolos: make([]string, len(simbolos))}
	for i, s := range simbolos {
		runas, err := normalizarSimbolo(s)
		if err != nil {
			return nil, err
		}
		a.simbolos[i] = string(runas)
		if err := a.agregarGrafia(runas, Letra(i)); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// ConEquivalencias devuelve un alfabeto con las mismas letras que a que además
// lee cada clave de equivalencias como la letra cuyo símbolo es su valor; por
// ejemplo {"Á": "A"}. Las grafías siguen las reglas de los símbolos de
// [NuevoAlfabeto] y no pueden coincidir con un símbolo ni entre sí. a no se
// modifica.
func (a *Alfabeto) ConEquivalencias(equivalencias map[string]string) (*Alfabeto, error) {
	// Las tablas de a se comparten: agregarGrafia nunca modifica un slice de
	// grafías existente, lo reemplaza por una copia.
	b := &Alfabeto{simbolos: a.simbolos, ascii: a.ascii, otras: maps.Clone(a.otras), maxRunas: a.maxRunas}
	claves := make([]string, 0, len(equivalencias))
	for k := range equivalencias {
		claves = append(claves, k)
	}
	slices.Sort(claves) // errores deterministas
	for _, k := range claves {
		runas, err := normalizarSimbolo(k)
		if err != nil {
			return nil, err
		}
		destino, err := normalizarSimbolo(equivalencias[k])
		if err != nil {
			return nil, err
		}
		l := slices.Index(a.simbolos, string(destino))
		if l < 0 {
			return nil, fmt.Errorf("%w: la equivalencia %q → %q no lleva a un símbolo del alfabeto",
				ErrAlfabetoInvalido, k, equivalencias[k])
		}
		if err := b.agregarGrafia(runas, Letra(l)); err != nil {
			return nil, err
		}
	}
	return b, nil
}

func (a *Alfabeto) agregarGrafia(runas []rune, l Letra) error {
	ini := runas[0]
	existentes := a.candidatas(ini)
	for _, g := range existentes {
		if slices.Equal(g.runas, runas) {
			return fmt.Errorf("%w: el símbolo %q está repetido", ErrAlfabetoInvalido, string(runas))
		}
	}
	a.maxRunas = max(a.maxRunas, len(runas))
	nuevas := append(slices.Clone(existentes), grafia{runas: runas, letra: l})
	// Las más largas primero: la lectura toma el símbolo más largo posible.
	slices.SortStableFunc(nuevas, func(x, y grafia) int { return len(y.runas) - len(x.runas) })
	if ini < utf8.RuneSelf {
		a.ascii[ini] = nuevas
	} else {
		if a.otras == nil {
			a.otras = make(map[rune][]grafia)
		}
		a.otras[ini] = nuevas
	}
	return nil
}

func (a *Alfabeto) candidatas(ini rune) []grafia {
	if ini >= 0 && ini < utf8.RuneSelf {
		return a.ascii[ini]
	}
	return a.otras[ini]
}

// normalizarSimbolo lleva un símbolo a su forma canónica y lo valida.
func normalizarSimbolo(s string) ([]rune, error) {
	var buf [8]caracter
	cs := normalizar(s, buf[:0])
	if len(cs) == 0 {
		return nil, fmt.Errorf("%w: símbolo vacío", ErrAlfabetoInvalido)
	}
	runas := make([]rune, len(cs))
	for i, c := range cs {
		if !unicode.IsLetter(c.mayuscula) && (i == 0 || c.mayuscula != PuntoVolado) {
			return nil, fmt.Errorf("%w: el símbolo %q tiene un carácter que no es una letra (%q)",
				ErrAlfabetoInvalido, s, c.original)
		}
		runas[i] = c.mayuscula
	}
	return runas, nil
}

// Tamano devuelve la cantidad de letras del alfabeto (DOM() en el diseño, A
// en la especificación).
func (a *Alfabeto) Tamano() int { return len(a.simbolos) }

// Ord devuelve el ordinal de l (ORD en el diseño), o un error que
// envuelve a [ErrFueraDeRango] si l no es una letra de este alfabeto. Para
// una letra que ya se sabe del alfabeto alcanza con [Letra.Ord].
func (a *Alfabeto) Ord(l Letra) (int, error) {
	if !a.Contiene(l) {
		return 0, fmt.Errorf("%w: la letra %d (el alfabeto tiene %d)", ErrFueraDeRango, l, len(a.simbolos))
	}
	return l.Ord(), nil
}

// Letra devuelve la letra de ordinal n (ord⁻¹ en la especificación). Si n no
// es menor que [Alfabeto.Tamano], devuelve un error que envuelve a
// [ErrFueraDeRango].
func (a *Alfabeto) Letra(n int) (Letra, error) {
	if n < 0 || n >= len(a.simbolos) {
		return 0, fmt.Errorf("%w: %d (el alfabeto tiene %d letras)", ErrFueraDeRango, n, len(a.simbolos))
	}
	return Letra(n), nil
}

// Contiene informa si l es una letra del alfabeto.
func (a *Alfabeto) Contiene(l Letra) bool { return int(l) < len(a.simbolos) }

// Simbolo devuelve el símbolo con que se escribe l, en mayúsculas. Si l no es
// una letra del alfabeto devuelve "?" para el [Comodin] y, para cualquier
// otra, su ordinal precedido de "#" (por ejemplo "#40"), para que el error
// sea visible sin entrar en pánico.
func (a *Alfabeto) Simbolo(l Letra) string {
	if int(l) < len(a.simbolos) {
		return a.simbolos[l]
	}
	if l == Comodin {
		return "?"
	}
	return "#" + strconv.Itoa(int(l))
}

// Simbolos devuelve los símbolos del alfabeto en orden. El resultado es una
// copia.
func (a *Alfabeto) Simbolos() []string { return slices.Clone(a.simbolos) }

// Equivalencias devuelve las grafías que el alfabeto lee como una de sus
// letras sin ser su símbolo ([Alfabeto.ConEquivalencias]), en forma
// canónica (mayúsculas), con el símbolo de la letra que representan: {"Á":
// "A", …} en los alfabetos españoles, vacío en el inglés. El mapa es nuevo
// en cada llamada.
func (a *Alfabeto) Equivalencias() map[string]string {
	res := map[string]string{}
	agregar := func(gs []grafia) {
		for _, g := range gs {
			if s := string(g.runas); s != a.simbolos[g.letra] {
				res[s] = a.simbolos[g.letra]
			}
		}
	}
	for _, gs := range a.ascii {
		agregar(gs)
	}
	for _, gs := range a.otras {
		agregar(gs)
	}
	return res
}

// Indice devuelve la letra cuyo símbolo o equivalencia es exactamente s (sin
// distinguir mayúsculas). Informa false si s no es una sola letra. Cuesta
// O(1): un texto más largo que el que puede tener una letra (ocho bytes
// por runa de la grafía más larga: una base y una marca) se descarta sin
// leerlo.
func (a *Alfabeto) Indice(s string) (Letra, bool) {
	if len(s) > 8*a.maxRunas {
		return 0, false
	}
	var buf [8]caracter
	cs := normalizar(s, buf[:0])
	if len(cs) == 0 {
		return 0, false
	}
	for _, g := range a.candidatas(cs[0].mayuscula) {
		if len(g.runas) == len(cs) && coincide(cs, g.runas) {
			return g.letra, true
		}
	}
	return 0, false
}

// Parsear lee una palabra escrita y devuelve sus letras. Si algún carácter no
// puede leerse, devuelve un [*ErrorCaracter] que lo nombra y da su posición.
// La palabra vacía se lee como la secuencia vacía. Cuesta O(len(palabra)) y
// no reserva más memoria que la del resultado.
func (a *Alfabeto) Parsear(palabra string) ([]Letra, error) {
	return a.ParsearEn(nil, palabra)
}

// ParsearEn es como [Alfabeto.Parsear] pero agrega las letras al final de dst y
// devuelve el slice extendido, para reutilizar memoria al leer muchas
// palabras. Si hay error devuelve dst sin cambios.
func (a *Alfabeto) ParsearEn(dst []Letra, palabra string) ([]Letra, error) {
	n0 := len(dst)
	dst, c, ok := a.leerEn(dst, palabra)
	if !ok {
		return dst[:n0], nuevoErrorCaracter(palabra, c, 0, 0)
	}
	return dst, nil
}

// leerEn agrega a dst las letras de palabra; si un carácter no se puede
// leer, informa false y cuál.
func (a *Alfabeto) leerEn(dst []Letra, palabra string) ([]Letra, caracter, bool) {
	if a.maxRunas >= maxVentana { // un alfabeto raro: con toda la palabra a la vez
		cs := normalizar(palabra, nil)
		for i := 0; i < len(cs); {
			g, ok := a.grafiaEn(cs[i:])
			if !ok {
				return dst, cs[i], false
			}
			dst = append(dst, g.letra)
			i += len(g.runas)
		}
		return dst, caracter{}, true
	}
	z := normalizador{s: palabra}
	for {
		z.llenar(a.maxRunas)
		if z.n == 0 {
			return dst, caracter{}, true
		}
		g, ok := a.grafiaEn(z.v[:z.n])
		if !ok {
			return dst, z.v[0], false
		}
		dst = append(dst, g.letra)
		z.consumir(len(g.runas))
	}
}

// grafiaEn devuelve la grafía más larga con que empiezan cs.
func (a *Alfabeto) grafiaEn(cs []caracter) (grafia, bool) {
	for _, g := range a.candidatas(cs[0].mayuscula) {
		if len(g.runas) <= len(cs) && coincide(cs, g.runas) {
			return g, true
		}
	}
	return grafia{}, false
}

// nuevoErrorCaracter arma el error del carácter c de palabra, que está
// desplazada antes runas y bytesAntes bytes dentro del texto.
func nuevoErrorCaracter(texto string, c caracter, runasAntes, bytesAntes int) *ErrorCaracter {
	return &ErrorCaracter{Palabra: cita.Alrededor(texto, bytesAntes+c.byte), Posicion: runasAntes + c.posicion, Caracter: c.original}
}

// ParsearFichas lee fichas como están en una mano o en la bolsa, por ejemplo
// "AEIN?ST": como [Alfabeto.Parsear], y además "?" es el [Comodin]. Si algún
// carácter no puede leerse devuelve un [*ErrorCaracter] con la posición en
// todo el texto.
func (a *Alfabeto) ParsearFichas(fichas string) ([]Letra, error) {
	var res []Letra
	runas, bytesAntes, pendiente := 0, 0, fichas
	for {
		tramo, resto, hayComodin := strings.Cut(pendiente, "?")
		var c caracter
		var ok bool
		if res, c, ok = a.leerEn(res, tramo); !ok {
			return nil, nuevoErrorCaracter(fichas, c, runas, bytesAntes)
		}
		if !hayComodin {
			return res, nil
		}
		res = append(res, Comodin)
		runas += utf8.RuneCountInString(tramo) + 1
		bytesAntes += len(tramo) + 1
		pendiente = resto
	}
}

// Formatear devuelve la palabra formada por las letras de p, en mayúsculas.
// Las letras que no son del alfabeto se escriben como en [Alfabeto.Simbolo].
func (a *Alfabeto) Formatear(p []Letra) string {
	var b strings.Builder
	for _, l := range p {
		b.WriteString(a.Simbolo(l))
	}
	return b.String()
}

// String devuelve los símbolos del alfabeto separados por espacios.
func (a *Alfabeto) String() string { return strings.Join(a.simbolos, " ") }

func coincide(cs []caracter, runas []rune) bool {
	for j, r := range runas {
		if cs[j].mayuscula != r {
			return false
		}
	}
	return true
}

// Alfabetos predefinidos. Se construyen una sola vez y se comparten.
var (
	espanol = sync.OnceValue(func() *Alfabeto {
		return debeConstruir(equivalenciasEspanol, latino("Ñ", "N")...)
	})
	espanolConDigrafos = sync.OnceValue(func() *Alfabeto {
		s := slices.DeleteFunc(latino("Ñ", "N"), func(x string) bool { return x == "K" || x == "W" })
		s = slices.Insert(s, slices.Index(s, "C")+1, "CH")
		s = slices.Insert(s, slices.Index(s, "L")+1, "LL")
		s = slices.Insert(s, slices.Index(s, "R")+1, "RR")
		return debeConstruir(equivalenciasEspanol, s...)
	})
	ingles = sync.OnceValue(func() *Alfabeto { return debeConstruir(nil, latino("", "")...) })
)

// equivalenciasEspanol: en el juego, las vocales con tilde o diéresis se
// juegan con la ficha de la vocal.
var equivalenciasEspanol = map[string]string{
	"Á": "A", "É": "E", "Í": "I", "Ó": "O", "Ú": "U", "Ü": "U",
}

// latino devuelve A–Z con extra insertada después de despues (si no es "").
func latino(extra, despues string) []string {
	var s []string
	for c := 'A'; c <= 'Z'; c++ {
		s = append(s, string(c))
		if string(c) == despues {
			s = append(s, extra)
		}
	}
	return s
}

func debeConstruir(equivalencias map[string]string, simbolos ...string) *Alfabeto {
	a, err := NuevoAlfabeto(simbolos...)
	if err == nil && equivalencias != nil {
		a, err = a.ConEquivalencias(equivalencias)
	}
	if err != nil {
		panic("letra: alfabeto predefinido inválido: " + err.Error())
	}
	return a
}

// Espanol devuelve el alfabeto español de 27 letras, A–Z más Ñ (entre N y O),
// sin dígrafos: "CH" se lee como C y H. Lee las vocales con tilde o diéresis
// como la vocal sin ella.
func Espanol() *Alfabeto { return espanol() }

// EspanolConDigrafos devuelve el alfabeto español de 28 letras del juego
// clásico (FISE): el de [Espanol] sin K ni W (que la FISE no admite, ni
// siquiera con un comodín) y con CH, LL y RR como letras propias, cada una
// después de su primera letra: A B C CH D … L LL M N Ñ O P Q R RR S … Z.
// "CHICO" se lee CH-I-C-O y "CARRO" C-A-RR-O; una palabra con K o W no se
// puede leer.
func EspanolConDigrafos() *Alfabeto { return espanolConDigrafos() }

// Ingles devuelve el alfabeto inglés de 26 letras, A–Z.
func Ingles() *Alfabeto { return ingles() }
