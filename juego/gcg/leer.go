package gcg

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/variante"
)

// Partida es una partida GCG: sus jugadores, en el orden en que juegan, los
// demás pragmas (líneas completas, como "#title Final"), en orden, y el
// juego que resulta de repetir sus sucesos.
type Partida struct {
	Jugadores []Jugador
	Pragmas   []string
	Juego     *juego.Juego
}

// MaxLinea es el largo máximo de una línea GCG que acepta [Leer].
const MaxLinea = 1 << 16

type tipoLinea uint8

const (
	lineaColocacion tipoLinea = iota
	lineaPase
	lineaCambio
	lineaRetirada // "--": la colocación anterior se retira
	lineaAjuste   // (challenge) o (time)
	lineaFin      // (MANO): ajuste final
)

// suceso es una línea de suceso ya separada en sus partes.
type suceso struct {
	linea     int
	texto     string
	jugador   int
	tipo      tipoLinea
	mano      string // "" si no se registró
	posicion  string
	palabra   string
	cambio    string
	puntos    int
	acumulado int
}

// Leer lee una partida GCG y la repite sobre un juego nuevo de la variante
// v, con bolsa (reglas clásicas) o sin ella (reglas de la especificación), a
// cuyo alfabeto deben pertenecer las fichas. Ver el paquete para cómo se
// arma el repositorio y qué se comprueba. Si algo falla (también si v es
// nil), devuelve un [*ErrorLinea]; nunca entra en pánico.
func Leer(r io.Reader, v *variante.Variante) (*Partida, error) {
	if v == nil {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: falta la variante", ErrInconsistente)}
	}
	p, sucesos, err := leerLineas(r)
	if err != nil {
		return nil, err
	}
	j, err := repetir(v, len(p.Jugadores), sucesos)
	if err != nil {
		return nil, err
	}
	p.Juego = j
	return p, nil
}

// numerado es un jugador de un pragma #playerN, con su N.
type numerado struct {
	n int
	Jugador
}

// lector junta lo que dicen las líneas de un GCG a medida que se leen.
type lector struct {
	partida   Partida        // sin el juego, que sale de repetir los sucesos
	jugadores []numerado     // los #player, en el orden en que aparecen
	apodos    map[string]int // apodo → jugador desde 0; vacío hasta el primer suceso
	sucesos   []suceso
}

// leerLineas lee las líneas de r: los pragmas, los jugadores y los sucesos,
// separados en sus partes pero sin repetirlos.
func leerLineas(r io.Reader) (*Partida, []suceso, error) {
	l := lector{apodos: map[string]int{}}
	esc := bufio.NewScanner(r)
	esc.Buffer(make([]byte, 0, 4096), MaxLinea)
	for num := 1; esc.Scan(); num++ {
		texto := strings.TrimSpace(strings.TrimRight(esc.Text(), "\r"))
		if err := l.linea(num, texto); err != nil {
			return nil, nil, &ErrorLinea{Linea: num, Texto: texto, Err: err}
		}
	}
	if err := esc.Err(); err != nil {
		return nil, nil, &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrFormato, err)}
	}
	if len(l.partida.Jugadores) == 0 {
		return nil, nil, &ErrorLinea{Err: fmt.Errorf("%w: no hay jugadores ni sucesos", ErrFormato)}
	}
	return &l.partida, l.sucesos, nil
}

// linea lee la línea num, ya sin espacios en los extremos.
func (l *lector) linea(num int, texto string) error {
	switch {
	case texto == "":
		return nil
	case strings.HasPrefix(texto, "#player"):
		return l.jugador(texto)
	case strings.HasPrefix(texto, "#character-encoding"):
		return codificacion(texto)
	case texto[0] == '#':
		l.partida.Pragmas = append(l.partida.Pragmas, texto)
		return nil
	case texto[0] == '>':
		return l.suceso(num, texto)
	}
	return fmt.Errorf("%w: una línea empieza con # o con >", ErrFormato)
}

// jugador lee un pragma "#playerN apodo nombre completo".
func (l *lector) jugador(texto string) error {
	campos := strings.Fields(texto)
	n, err := strconv.Atoi(strings.TrimPrefix(campos[0], "#player"))
	if err != nil || n < 1 || n > 64 || len(campos) < 2 {
		return fmt.Errorf("%w: se esperaba #playerN apodo nombre", ErrFormato)
	}
	for _, j := range l.jugadores {
		if j.n == n || j.Apodo == campos[1] {
			return fmt.Errorf("%w: jugador repetido", ErrFormato)
		}
	}
	l.jugadores = append(l.jugadores, numerado{n, Jugador{Apodo: campos[1], Nombre: strings.Join(campos[2:], " ")}})
	return nil
}

// codificacion lee el pragma #character-encoding: solo se acepta UTF-8.
func codificacion(texto string) error {
	if cod := strings.TrimSpace(strings.TrimPrefix(texto, "#character-encoding")); !strings.EqualFold(cod, "UTF-8") {
		return fmt.Errorf("%w: solo se lee UTF-8, no %q", ErrFormato, cod)
	}
	return nil
}

// suceso lee la línea de suceso num. La primera fija los jugadores.
func (l *lector) suceso(num int, texto string) error {
	if len(l.apodos) == 0 {
		if err := l.fijarJugadores(); err != nil {
			return err
		}
	}
	s, err := separar(texto, l.apodos)
	if err != nil {
		return err
	}
	s.linea, s.texto = num, texto
	l.sucesos = append(l.sucesos, s)
	return nil
}

// fijarJugadores ordena los #player leídos por su número, que debe ir de 1
// a K sin huecos, y les da los apodos.
func (l *lector) fijarJugadores() error {
	slices.SortFunc(l.jugadores, func(a, b numerado) int { return a.n - b.n })
	for i, j := range l.jugadores {
		if j.n != i+1 {
			return fmt.Errorf("%w: falta #player%d", ErrFormato, i+1)
		}
		l.apodos[j.Apodo] = i
		l.partida.Jugadores = append(l.partida.Jugadores, j.Jugador)
	}
	if len(l.apodos) == 0 {
		return fmt.Errorf("%w: un suceso antes de los #player", ErrFormato)
	}
	return nil
}

// separar lee las partes de una línea de suceso.
func separar(texto string, apodos map[string]int) (suceso, error) {
	var s suceso
	cabeza, resto, ok := strings.Cut(texto[1:], ":")
	if !ok {
		return s, fmt.Errorf("%w: falta \":\" después del apodo", ErrFormato)
	}
	if s.jugador, ok = apodos[strings.TrimSpace(cabeza)]; !ok {
		return s, fmt.Errorf("%w: el apodo %q no está en ningún #player", ErrFormato, cabeza)
	}
	campos := strings.Fields(resto)
	i, err := leerPuntos(&s, campos)
	if err != nil {
		return s, err
	}
	return s, clasificar(&s, campos[:i])
}

// leerPuntos lee los puntos y el acumulado de s, los dos primeros campos
// numéricos con signo el primero, y devuelve dónde empiezan. Después puede
// haber comentarios (las palabras formadas, por ejemplo), que se ignoran.
func leerPuntos(s *suceso, campos []string) (int, error) {
	i := slices.IndexFunc(campos, func(c string) bool { return len(c) > 1 && (c[0] == '+' || c[0] == '-') && esNumero(c[1:]) })
	if i < 1 || i+1 >= len(campos) || !esNumero(strings.TrimPrefix(campos[i+1], "-")) {
		return 0, fmt.Errorf("%w: se esperaba \"+puntos acumulado\"", ErrFormato)
	}
	var err error
	if s.puntos, err = strconv.Atoi(campos[i]); err != nil {
		return 0, fmt.Errorf("%w: %q", ErrFormato, campos[i])
	}
	if s.acumulado, err = strconv.Atoi(campos[i+1]); err != nil {
		return 0, fmt.Errorf("%w: %q", ErrFormato, campos[i+1])
	}
	return i, nil
}

// clasificar lee la mano y el tipo de s de los campos antes de los puntos.
func clasificar(s *suceso, antes []string) error {
	if len(antes) == 1 && strings.HasPrefix(antes[0], "(") && strings.HasSuffix(antes[0], ")") &&
		antes[0] != "(challenge)" && antes[0] != "(time)" {
		s.tipo, s.cambio = lineaFin, strings.Trim(antes[0], "()") // gana las fichas de los demás
		return nil
	}
	// La mano se omite si el jugador no tenía fichas: lo que sigue empieza
	// con "-", "(" o es una posición (tiene dígitos; una mano no).
	if c := antes[0]; c[0] == '-' || c[0] == '(' || strings.ContainsAny(c, "0123456789") {
		antes = append([]string{""}, antes...)
	}
	s.mano = antes[0]
	switch {
	case len(antes) == 2 && antes[1] == "-":
		s.tipo = lineaPase
	case len(antes) == 2 && antes[1] == "--":
		s.tipo = lineaRetirada
	case len(antes) == 2 && (antes[1] == "(challenge)" || antes[1] == "(time)"):
		s.tipo = lineaAjuste
	case len(antes) == 2 && strings.HasPrefix(antes[1], "-"):
		s.tipo, s.cambio = lineaCambio, antes[1][1:]
	case len(antes) == 2 && strings.HasPrefix(antes[1], "(") && strings.HasSuffix(antes[1], ")"):
		s.tipo, s.cambio = lineaFin, strings.Trim(antes[1], "()") // pierde las suyas
	case len(antes) == 3:
		s.tipo, s.posicion, s.palabra = lineaColocacion, antes[1], antes[2]
	default:
		return fmt.Errorf("%w: suceso desconocido", ErrFormato)
	}
	return nil
}

func esNumero(s string) bool {
	if s == "" || len(s) > 9 {
		return false
	}
	for _, c := range []byte(s) {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
