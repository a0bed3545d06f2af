package gcg

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/variante"
)

// Partida es una partida GCG: sus jugadores, en el orden en que juegan, los
// demás pragmas (líneas completas, como "#title Final"; una nota de varias
// líneas lleva sus líneas separadas por "\n"), en orden, y el juego que
// resulta de repetir sus sucesos.
//
// Una Partida que devuelve [Leer] sabe además qué fichas de cada mano
// mostraba el registro (las demás son desconocidas: el juego las completó
// con fichas que no se ven), en qué lugar de la partida estaba cada pragma
// y la posición antes de cada turno ([Partida.Posicion]); [Escribir] las
// usa. Una Partida armada a mano solo necesita el juego.
type Partida struct {
	Jugadores []Jugador
	Pragmas   []string
	Juego     *juego.Juego
	// Lexico es el nombre del léxico que da el pragma #lexicon ("CSW21",
	// "NWL2023", "FILE2017"…), o "" si no lo da.
	Lexico string
	// LexicoFaltante informa que el registro nombra un léxico que
	// [Opciones.Lexicos] no tiene: se repitió con [Opciones.Variante], así
	// que Ilegitimas se mide con otro léxico que el de la partida.
	LexicoFaltante bool
	// Ilegitimas son las palabras que formaron las colocaciones del
	// registro y que el léxico de la variante no tiene: palabras falsas que
	// nadie desafió o de otro léxico. No son un error: la partida se
	// repite igual.
	Ilegitimas []PalabraIlegitima
	// Avisos son las faltas a las reglas del formato ([Regla]) que la
	// lectura perdonó en el modo indulgente, en el orden de sus líneas;
	// vacío en el estricto, que las rechaza.
	Avisos []Aviso

	// Lo que sabe una partida leída; nil en una armada a mano.
	pragmaTras  []int      // cuántos sucesos del juego hay antes de cada pragma
	conocidas   []conocida // por suceso del juego
	historia    *historia  // las posiciones antes de cada turno, y la final
	lineaLexico int        // la línea del #lexicon
}

// PalabraIlegitima es una palabra que formó una colocación del registro y
// que el léxico de la variante no tiene.
type PalabraIlegitima struct {
	Linea   int    // la línea de la colocación, desde 1
	Tiempo  int    // el turno de la colocación (juego.Suceso.Tiempo)
	Palabra string // escrita con el alfabeto de la variante
}

// MaxLinea es el largo máximo, en bytes, de una línea GCG que acepta
// [Leer].
const MaxLinea = 1 << 16

// Los límites por omisión de [Opciones]: un registro real ocupa unos pocos
// KB y tiene menos de cien sucesos.
const (
	OmisionMaxBytes   = 1 << 20
	OmisionMaxSucesos = 5000
)

// Opciones dice con qué variante se repite un registro y acota lo que se
// lee. El valor cero no tiene ninguna variante: [Leer] devuelve un error
// que envuelve a [ErrLexicoFaltante].
type Opciones struct {
	// Variante es la variante con que se repite el registro si no nombra
	// un léxico (#lexicon) o si Lexicos no lo tiene. Puede ser nil si
	// Lexicos tiene el del registro.
	Variante *variante.Variante
	// Lexicos da una variante por nombre de léxico: "CSW21", "NWL20",
	// "FILE2017"… o el de su familia ([Familia]: "CSW", "NWL", "FISE").
	// El nombre del registro se busca tal cual (sin distinguir mayúsculas)
	// y, si no está, por familia: un registro "NWL2023" usa la variante de
	// "NWL20" o de "NWL" si no hay otra.
	Lexicos map[string]*variante.Variante
	// MaxBytes es el largo máximo del registro; 0 es 1<<20 (1 MiB).
	MaxBytes int
	// MaxSucesos es la cantidad máxima de líneas de suceso (turnos,
	// retiradas, ajustes y finales); 0 es 5000.
	MaxSucesos int
	// Estricto rechaza un registro que no cumple una regla del formato
	// ([Regla]) con un [*ErrorLinea] que la nombra. Con false (el valor
	// cero), el modo indulgente, lo lee como si la cumpliera y anota cada
	// falta en [Partida.Avisos].
	Estricto bool
}

func (op Opciones) conOmision() Opciones {
	if op.MaxBytes <= 0 {
		op.MaxBytes = OmisionMaxBytes
	}
	if op.MaxSucesos <= 0 {
		op.MaxSucesos = OmisionMaxSucesos
	}
	return op
}

// errLimite es el error de un límite de las opciones.
func errLimite(cual string, valor int) error {
	return fmt.Errorf("%w: %w", ErrFormato, &limite.Error{Limite: "gcg.Opciones." + cual, Valor: int64(valor)})
}

// errorLinea arma el error de la línea num, que cita un trozo de texto.
func errorLinea(num int, texto string, err error) *ErrorLinea {
	return &ErrorLinea{Linea: num, Texto: cita.Texto(texto), Err: err}
}

// Leer lee una partida GCG de r y la repite sobre un juego nuevo de la
// variante que corresponde a su léxico según op, con bolsa (reglas
// clásicas) o sin ella (reglas de la especificación), a cuyo alfabeto deben
// pertenecer las fichas. Comprueba el puntaje y el acumulado de cada línea.
//
// Lee los registros como los escriben las personas y los programas: en
// UTF-8 o en ISO-8859-1 (si el texto no es UTF-8 válido o el pragma
// #character-encoding lo dice), con o sin marca de orden de bytes, con
// CRLF, con notas de varias líneas, con apodos repetidos (el orden de las
// líneas dice quién es), con cambios escritos como cantidad ("-4"),
// retiradas "-- -N" o "-- +0", letras que la palabra atraviesa escritas con
// su letra en lugar de ".", el pase de quien desafió sin razón la jugada
// que terminó la partida, y premios y penalizaciones después del fin. Las
// palabras que el léxico no tiene se juegan igual
// (juego.Juego.UbicarSinLexico) y se informan en Partida.Ilegitimas. La
// regla de fin de partida sale de la línea del que salió (si gana el doble
// de las fichas de los demás, la norteamericana; si gana lo mismo, la
// internacional) o, si no la dice, de la familia de su léxico ([Familia]:
// NWL norteamericana, CSW y FISE internacional) o de la variante.
//
// La mayoría de los registros no dicen todas las manos ni el orden de la
// bolsa. Con bolsa, antes de cada turno la mano del jugador pasa a tener
// las fichas que el registro muestra (las de su línea, las que juega, las
// que se sabían y, si pasa, las que mostrará después; juego.Juego.AsignarManos),
// y el resto son fichas que no se ven; cuando se sabe qué sacará un jugador
// se pone al frente de la bolsa (juego.Juego.ProximasFichas). Los puntajes
// salen del tablero, así que no dependen de las fichas que no se ven. Es un
// error una mano registrada completa que no tiene lo que se juega, o una
// con más fichas de una letra de las que la variante tiene fuera del
// tablero. Sin bolsa, el repositorio es una cola fija que Leer arma para
// que coincida con el registro: las manos iniciales son la primera mano
// registrada de cada jugador, después de cada turno vienen las letras que
// sacó, y el resto son letras de variante.Variante.Repositorio(k, 0); esas
// partidas no terminan.
//
// Lee a lo sumo op.MaxBytes bytes y op.MaxSucesos líneas de suceso, y
// líneas de a lo sumo [MaxLinea] bytes; un registro que pasa un límite es
// un error que envuelve a [ErrFormato] y a limite.Err
// ([*limite.Error] dice cuál). Cuesta O(n + s·K·F + c·N²) en tiempo y
// en memoria para n bytes, s sucesos y c colocaciones, con N el lado del
// tablero, K los jugadores y F las fichas de una mano: la posición antes de
// cada turno se guarda para [Partida.Posicion], compartiendo el tablero y
// el repositorio mientras no cambian (menos de 1 KB por suceso, con el
// juego).
//
// Comprueba también las reglas del formato (ver [Regla] y el documento del
// paquete): con op.Estricto, una falta es un [*ErrorLinea] con su
// [ErrorLinea.Regla]; si no, un [Aviso] en Partida.Avisos, y la lectura
// sigue como si la regla se cumpliera.
//
// Si algo falla (también si no hay variante), devuelve un [*ErrorLinea],
// que cita a lo sumo un trozo corto de la línea; nunca entra en pánico.
func Leer(r io.Reader, op Opciones) (*Partida, error) {
	op = op.conOmision()
	datos, err := leerHasta(r, op.MaxBytes+1)
	if err != nil {
		return nil, &ErrorLinea{Err: fmt.Errorf("%w: %w", ErrFormato, err)}
	}
	if len(datos) > op.MaxBytes {
		return nil, &ErrorLinea{Err: errLimite("MaxBytes", op.MaxBytes)}
	}
	ctl := &control{estricto: op.Estricto}
	p, sucesos, racks, err := leerLineas(datos, op.MaxSucesos, ctl)
	if err != nil {
		return nil, err
	}
	v, err := elegirVariante(p, op)
	if err != nil {
		return nil, err
	}
	if v, err = conReglaFin(v, p.Lexico, sucesos); err != nil {
		return nil, err
	}
	if err := repetir(p, v, sucesos, racks, ctl); err != nil {
		return nil, err
	}
	p.Avisos = ctl.ordenados()
	return p, nil
}

type tipoLinea uint8

const (
	lineaColocacion tipoLinea = iota
	lineaPase
	lineaCambio
	lineaRetirada // "--": la colocación anterior se retira
	lineaAjuste   // (challenge) o (time): desafio dice cuál
	lineaFin      // (FICHAS): ajuste final
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
	cambio    string // las fichas cambiadas, o su cantidad; las de un ajuste final
	puntos    int
	acumulado int
	desafio   bool // un ajuste "(challenge)"; si no, "(time)"
}

// esTurno informa si la línea es un turno: una colocación, un pase o un
// cambio.
func (s suceso) esTurno() bool {
	return s.tipo == lineaColocacion || s.tipo == lineaPase || s.tipo == lineaCambio
}

// numerado es un jugador de un pragma #playerN, con su N.
type numerado struct {
	n int
	Jugador
}

// lector junta lo que dicen las líneas de un GCG a medida que se leen.
type lector struct {
	partida   Partida          // sin el juego, que sale de repetir los sucesos
	jugadores []numerado       // los #player, en el orden en que aparecen
	apodos    map[string][]int // apodo → jugadores desde 0 (más de uno si se repite); vacío hasta el primer suceso
	nombres   map[string][]int // nombre completo o su primera palabra → jugadores
	sucesos   []suceso
	ultimo    byte // '#' o '>': qué fue la última línea no vacía
	anterior  int  // el jugador del último turno, o −1
	// nota son las líneas que siguen al último pragma (una nota de varias
	// líneas), que se le agregan al terminar.
	nota []string

	ctl        *control
	encabezado map[string]int // pragma de encabezado → su primera línea
	racks      []pragmaMano
}

// pragmaMano es un pragma #rackN: la mano del jugador N al cortar el
// registro.
type pragmaMano struct {
	linea   int
	texto   string
	n       int    // el jugador, desde 1
	mano    string // como está escrita
	sucesos int    // cuántas líneas de suceso lo preceden
}

// decodificar devuelve el texto de datos: sin la marca de orden de bytes
// de UTF-8, y en ISO-8859-1 (cada byte es una runa) si no es UTF-8 válido
// o si el pragma #character-encoding lo pide. Otra codificación declarada
// es un error en la línea del pragma.
func decodificar(datos []byte) (string, error) {
	datos = bytes.TrimPrefix(datos, []byte("\xef\xbb\xbf"))
	latin := !utf8.Valid(datos)
	for num, resto, hay := 0, datos, true; hay; {
		var linea []byte
		linea, resto, hay = bytes.Cut(resto, []byte("\n"))
		num++
		linea = bytes.TrimSpace(linea)
		cod, ok := bytes.CutPrefix(linea, []byte("#character-encoding"))
		if !ok {
			continue
		}
		switch c := strings.ToUpper(strings.TrimSpace(string(cod))); c {
		case "UTF-8", "UTF8":
		case "ISO-8859-1", "ISO8859-1", "LATIN1", "LATIN-1", "ISO-LATIN-1":
			latin = true
		default:
			texto := string(linea)
			if !utf8.ValidString(texto) {
				texto = latin1(linea)
			}
			return "", errorLinea(num, texto, fmt.Errorf("%w: se leen UTF-8 e ISO-8859-1, no %q", ErrFormato, cita.Texto(c)))
		}
		break
	}
	if latin {
		return latin1(datos), nil
	}
	return string(datos), nil
}

// latin1 decodifica ISO-8859-1: cada byte es la runa de su valor.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}

// leerLineas lee las líneas de datos: los pragmas, los jugadores y los
// sucesos, separados en sus partes pero sin repetirlos.
func leerLineas(datos []byte, maxSucesos int, ctl *control) (*Partida, []suceso, []pragmaMano, error) {
	texto, err := decodificar(datos)
	if err != nil {
		return nil, nil, nil, err
	}
	l := lector{apodos: map[string][]int{}, nombres: map[string][]int{}, anterior: -1, ctl: ctl, encabezado: map[string]int{}}
	// Las líneas de suceso empiezan casi siempre con ">": se reserva de una
	// vez (hacer crecer la lista de a poco reservaba varias veces su tamaño).
	l.sucesos = make([]suceso, 0, min(strings.Count(texto, "\n>")+1, maxSucesos+1))
	for num, resto, hay := 0, texto, true; hay; {
		var linea string
		linea, resto, hay = strings.Cut(resto, "\n")
		num++
		if len(linea) > MaxLinea {
			return nil, nil, nil, errorLinea(num, linea, fmt.Errorf("%w: la línea pasa de %d bytes", ErrFormato, MaxLinea))
		}
		linea = strings.TrimRight(linea, "\r")
		if err := l.linea(num, strings.TrimSpace(linea), linea); err != nil {
			if e, ok := err.(*ErrorLinea); ok {
				return nil, nil, nil, e
			}
			return nil, nil, nil, errorLinea(num, strings.TrimSpace(linea), err)
		}
		if len(l.sucesos) > maxSucesos {
			return nil, nil, nil, errorLinea(num, strings.TrimSpace(linea), errLimite("MaxSucesos", maxSucesos))
		}
	}
	l.cerrarNota()
	if len(l.partida.Jugadores) == 0 {
		if err := l.fijarJugadores(); err != nil || len(l.partida.Jugadores) == 0 {
			return nil, nil, nil, &ErrorLinea{Err: fmt.Errorf("%w: no hay jugadores ni sucesos", ErrFormato)}
		}
	}
	if err := l.revisarRacks(); err != nil {
		return nil, nil, nil, err
	}
	return &l.partida, l.sucesos, l.racks, nil
}

// revisarRacks comprueba lo que se sabe de los #rackN sin repetir la
// partida: el jugador existe, aparece una vez y ningún suceso lo sigue.
// Los que no cumplen no se comprueban después.
func (l *lector) revisarRacks() error {
	k := len(l.partida.Jugadores)
	visto := map[int]int{}
	validos := l.racks[:0]
	for _, r := range l.racks {
		var err error
		switch primera, repetido := visto[r.n]; {
		case r.n < 1 || r.n > k:
			err = l.ctl.falta(r.linea, r.texto, ReglaManoFinal, ErrFormato, "no hay jugador %d: la partida tiene %d", r.n, k)
		case repetido:
			err = l.ctl.falta(r.linea, r.texto, ReglaManoFinal, ErrFormato, "#rack%d repetido (el primero en la línea %d)", r.n, primera)
		case r.sucesos < len(l.sucesos):
			err = l.ctl.falta(r.linea, r.texto, ReglaManoFinal, ErrFormato, "#rack%d es la mano al cortar el registro y la sigue un suceso (línea %d)", r.n, l.sucesos[r.sucesos].linea)
			visto[r.n] = r.linea
		default:
			visto[r.n] = r.linea
			validos = append(validos, r)
		}
		if err != nil {
			return err
		}
	}
	l.racks = validos
	return nil
}

// cerrarNota agrega al último pragma las líneas que lo siguieron.
func (l *lector) cerrarNota() {
	if len(l.nota) > 0 {
		x := len(l.partida.Pragmas) - 1
		l.partida.Pragmas[x] += "\n" + strings.Join(l.nota, "\n")
		l.nota = l.nota[:0]
	}
}

// linea lee la línea num, texto sin espacios en los extremos y cruda como
// está (para las notas de varias líneas).
func (l *lector) linea(num int, texto, cruda string) error {
	if texto != "" && !(l.ultimo == '#' && len(l.partida.Pragmas) > 0 && texto[0] != '#' && texto[0] != '>') {
		l.cerrarNota()
	}
	switch {
	case texto == "":
		return nil
	case strings.HasPrefix(texto, "#player"):
		l.ultimo = '#'
		return l.jugador(texto)
	case strings.HasPrefix(texto, "#character-encoding"):
		if num != 1 {
			// decodificar leyó el primero; otro, o uno más abajo, no es
			// del formato.
			return l.ctl.falta(num, texto, ReglaPragma, ErrFormato, "#character-encoding debe ser la primera línea")
		}
		return nil
	case texto[0] == '#':
		if err := l.pragma(num, texto); err != nil {
			return err
		}
		if lex, ok := strings.CutPrefix(texto, "#lexicon"); ok && (lex == "" || lex[0] == ' ' || lex[0] == '\t') {
			l.partida.Lexico = strings.TrimSpace(lex)
			l.partida.lineaLexico = num
		}
		l.ultimo = '#'
		l.partida.Pragmas = append(l.partida.Pragmas, texto)
		l.partida.pragmaTras = append(l.partida.pragmaTras, len(l.sucesos))
		return nil
	case texto[0] == '>':
		l.ultimo = '>'
		return l.suceso(num, texto)
	case l.ultimo == '#' && len(l.partida.Pragmas) > 0:
		// Sigue la nota (o el pragma) de la línea anterior.
		l.nota = append(l.nota, strings.TrimRightFunc(cruda, unicode.IsSpace))
		return nil
	}
	return fmt.Errorf("%w: se esperaba una línea que empiece con # o con > (o que siga una nota)", ErrFormato)
}

// pragma comprueba el pragma de la línea num (que no es #player ni
// #character-encoding): los de encabezado van antes del primer suceso y una
// vez; #game-type es este juego; los #rackN se anotan para comprobarlos
// al final.
func (l *lector) pragma(num int, texto string) error {
	nombre := nombrePragma(texto)
	valor := strings.TrimSpace(texto[len(nombre):])
	if slices.Contains(pragmasDeEncabezado, nombre) {
		if primera, ok := l.encabezado[nombre]; ok {
			if err := l.ctl.falta(num, texto, ReglaPragma, ErrFormato, "%s repetido (el primero en la línea %d)", nombre, primera); err != nil {
				return err
			}
		} else {
			l.encabezado[nombre] = num
		}
		if len(l.sucesos) > 0 {
			if err := l.ctl.falta(num, texto, ReglaPragma, ErrFormato, "%s va antes del primer suceso", nombre); err != nil {
				return err
			}
		}
	}
	if nombre == "#game-type" && !tipoDeJuegoValido(valor) {
		return l.ctl.falta(num, texto, ReglaTipoDeJuego, ErrFormato, "el registro es de %q y se leen partidas \"classic\" (o \"scrabble\")", cita.Texto(valor))
	}
	if n, ok := strings.CutPrefix(nombre, "#rack"); ok && esNumero(n) {
		x, _ := strconv.Atoi(n)
		l.racks = append(l.racks, pragmaMano{linea: num, texto: texto, n: x, mano: valor, sucesos: len(l.sucesos)})
	}
	return nil
}

// jugador lee un pragma "#playerN apodo nombre completo".
func (l *lector) jugador(texto string) error {
	campos := strings.Fields(texto)
	n, err := strconv.Atoi(strings.TrimPrefix(campos[0], "#player"))
	if err != nil || n < 1 || n > 64 || len(campos) < 2 {
		return fmt.Errorf("%w: se esperaba #playerN apodo nombre", ErrFormato)
	}
	if len(l.partida.Jugadores) > 0 {
		return fmt.Errorf("%w: un #player después del primer suceso", ErrFormato)
	}
	for _, j := range l.jugadores {
		if j.n == n {
			return fmt.Errorf("%w: #player%d repetido", ErrFormato, n)
		}
	}
	l.jugadores = append(l.jugadores, numerado{n, Jugador{Apodo: campos[1], Nombre: strings.Join(campos[2:], " ")}})
	return nil
}

// suceso lee la línea de suceso num. La primera fija los jugadores.
func (l *lector) suceso(num int, texto string) error {
	if len(l.partida.Jugadores) == 0 {
		if err := l.fijarJugadores(); err != nil {
			return err
		}
	}
	s, err := separar(texto, l.apodos, l.nombres, l.anterior, len(l.partida.Jugadores))
	if err != nil {
		return err
	}
	s.linea, s.texto = num, texto
	l.sucesos = append(l.sucesos, s)
	if s.esTurno() {
		l.anterior = s.jugador
	}
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
		l.apodos[j.Apodo] = append(l.apodos[j.Apodo], i)
		l.partida.Jugadores = append(l.partida.Jugadores, j.Jugador)
	}
	// Con apodos repetidos, algunos programas encabezan las líneas con el
	// nombre (o su primera palabra): "#player2 Tim Josh Castellano" y
	// ">Josh: …". Un nombre vale si no es el apodo de otro.
	for i, j := range l.jugadores {
		for _, n := range []string{j.Nombre, strings.Fields(j.Nombre + " x")[0]} {
			if _, esApodo := l.apodos[n]; !esApodo && n != "" && n != "x" {
				l.nombres[n] = append(l.nombres[n], i)
			}
		}
	}
	if len(l.partida.Jugadores) == 0 {
		return fmt.Errorf("%w: un suceso antes de los #player", ErrFormato)
	}
	return nil
}

// separar lee las partes de una línea de suceso. Si dos jugadores tienen
// el mismo apodo, el orden de las líneas decide cuál es (ver quien):
// anterior es el jugador del último turno, o −1.
func separar(texto string, apodos, nombres map[string][]int, anterior, k int) (suceso, error) {
	var s suceso
	cabeza, resto, ok := strings.Cut(texto[1:], ":")
	if !ok {
		return s, fmt.Errorf("%w: falta \":\" después del apodo", ErrFormato)
	}
	candidatos, ok := apodos[strings.TrimSpace(cabeza)]
	if !ok {
		candidatos, ok = nombres[strings.TrimSpace(cabeza)]
	}
	if !ok {
		// Un apodo con ":" (el de "#player2 : Elise", que Escribir escribe
		// así): el más largo que encabeza la línea seguido de ":".
		largo := ""
		for a, c := range apodos {
			if strings.Contains(a, ":") && len(a) > len(largo) && strings.HasPrefix(texto[1:], a+":") {
				largo, candidatos, ok = a, c, true
			}
		}
		if ok {
			resto = texto[1+len(largo)+1:]
		}
	}
	if !ok {
		return s, fmt.Errorf("%w: el apodo %q no está en ningún #player", ErrFormato, cita.Texto(strings.TrimSpace(cabeza)))
	}
	campos := strings.Fields(resto)
	i, err := leerPuntos(&s, campos)
	if err != nil {
		return s, err
	}
	if err := clasificar(&s, campos[:i]); err != nil {
		return s, err
	}
	s.jugador = quien(s, candidatos, anterior, k)
	return s, nil
}

// quien elige, entre los jugadores con el apodo de la línea s, el que la
// escribió: el único, o según el orden de las líneas. Un turno es del
// jugador que sigue al del turno anterior; un "--", un desafío o la salida
// ("(FICHAS) +N") son del jugador del turno anterior; lo demás, del primero
// que no jugó el turno anterior (el de anterior, −1 si no hubo).
func quien(s suceso, candidatos []int, anterior, k int) int {
	if len(candidatos) == 1 {
		return candidatos[0]
	}
	var quiero int
	switch {
	case s.esTurno():
		quiero = (anterior + 1) % k
	case s.tipo == lineaRetirada || s.tipo == lineaAjuste && s.puntos > 0 || s.tipo == lineaFin && s.mano == "":
		quiero = anterior
	default:
		for _, c := range candidatos {
			if c != anterior {
				return c
			}
		}
	}
	if slices.Contains(candidatos, quiero) {
		return quiero
	}
	return candidatos[0]
}

// leerPuntos lee los puntos y el acumulado de s: el primer campo numérico
// con signo seguido de un número (con signo menos, si acaso), y devuelve
// dónde empiezan. Antes puede haber un cambio escrito como cantidad
// ("-4 +0 349"); después, comentarios (las palabras formadas, por ejemplo),
// que se ignoran.
func leerPuntos(s *suceso, campos []string) (int, error) {
	conSigno := func(c string) bool { return len(c) > 1 && (c[0] == '+' || c[0] == '-') && esNumero(c[1:]) }
	i := -1
	for x := 1; x+1 < len(campos); x++ {
		if conSigno(campos[x]) && esNumero(strings.TrimPrefix(campos[x+1], "-")) {
			i = x
			break
		}
	}
	if i < 1 {
		return 0, fmt.Errorf("%w: se esperaba \"+puntos acumulado\" después de la jugada", ErrFormato)
	}
	var err error
	if s.puntos, err = strconv.Atoi(campos[i]); err != nil {
		return 0, fmt.Errorf("%w: %q", ErrFormato, cita.Texto(campos[i]))
	}
	if s.acumulado, err = strconv.Atoi(campos[i+1]); err != nil {
		return 0, fmt.Errorf("%w: %q", ErrFormato, cita.Texto(campos[i+1]))
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
	// La mano se omite si el jugador no tenía fichas o no se sabe: lo que
	// sigue empieza con "-", "(" o es una posición (tiene dígitos; una mano
	// no). Un campo con dígitos donde va la mano (lo siguen una posición y
	// una palabra, o "-…" o "(…)") es una mano mal formada.
	if c := antes[0]; c[0] == '-' || c[0] == '(' || strings.ContainsAny(c, "0123456789") {
		enLugarDeMano := len(antes) == 3 || len(antes) == 2 && (antes[1][0] == '-' || antes[1][0] == '(')
		if c[0] != '-' && c[0] != '(' && enLugarDeMano {
			return fmt.Errorf("%w: mano malformada %q: una mano son letras, \"?\" y fichas entre corchetes, sin cifras", ErrFormato, cita.Texto(c))
		}
		antes = append([]string{""}, antes...)
	}
	s.mano = antes[0]
	if s.mano == "UNKNOWN" { // así escribe Woogles una mano que no se sabe
		s.mano = ""
	}
	switch {
	case len(antes) == 2 && antes[1] == "-":
		s.tipo = lineaPase
	case len(antes) == 2 && antes[1] == "--":
		s.tipo = lineaRetirada
	case len(antes) == 2 && (antes[1] == "(challenge)" || antes[1] == "(time)"):
		s.tipo, s.desafio = lineaAjuste, antes[1] == "(challenge)"
	case len(antes) == 2 && strings.HasPrefix(antes[1], "-"):
		s.tipo, s.cambio = lineaCambio, antes[1][1:]
		if s.puntos != 0 {
			return fmt.Errorf("%w: un cambio suma +0", ErrFormato)
		}
	case len(antes) == 2 && strings.HasPrefix(antes[1], "(") && strings.HasSuffix(antes[1], ")"):
		s.tipo, s.cambio = lineaFin, strings.Trim(antes[1], "()") // pierde las suyas
	case len(antes) == 3:
		s.tipo, s.posicion, s.palabra = lineaColocacion, antes[1], antes[2]
	default:
		return fmt.Errorf("%w: suceso desconocido: se esperaba \"mano posición palabra\", \"mano -\", \"mano -FICHAS\", \"mano --\", \"(challenge)\", \"(time)\" o \"(FICHAS)\"", ErrFormato)
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

// leerHasta lee de r hasta n bytes o el fin, en trozos que crecen de 4 KiB
// a 1 MiB, y los junta una vez: reserva unas dos veces lo leído (io.ReadAll
// crece de a un cuarto y reserva unas cinco).
func leerHasta(r io.Reader, n int) ([]byte, error) {
	var trozos [][]byte
	total, tam := 0, 4<<10
	for total < n {
		t := make([]byte, min(tam, n-total))
		m, err := io.ReadFull(r, t)
		trozos = append(trozos, t[:m])
		total += m
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
		tam = min(2*tam, 1<<20)
	}
	if len(trozos) == 1 {
		return trozos[0], nil
	}
	return bytes.Join(trozos, nil), nil
}
