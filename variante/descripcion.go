package variante

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/internal/cita"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/limite"
	"github.com/juegodepalabras/palabras/trie"
)

// ErrDescripcionInvalida: el texto de una descripción no sigue el formato
// de [LeerDescripcion], o describe una variante imposible (ver
// [ErrorDescripcion]).
var ErrDescripcionInvalida = errors.New("variante: descripción inválida")

// ErrorDescripcion dice dónde falló la lectura de una descripción: la
// línea y la columna (desde 1, en runas; 0 si el error es de toda la
// descripción), un trozo corto de la línea y la causa. Envuelve a
// [ErrDescripcionInvalida] y a la causa (letra.ErrAlfabetoInvalido para un
// símbolo imposible, [ErrPremiosInvalidos] para una grilla mal formada,
// limite.Err si el texto pasa [OpcionesDescripcion].MaxBytes…).
type ErrorDescripcion struct {
	Linea   int    // número de línea, desde 1
	Columna int    // columna, desde 1, en runas; 0 si no se sabe
	Texto   string // la línea, acortada si es larga
	Err     error  // la causa
}

// Error nombra la línea, la columna y la causa.
func (e *ErrorDescripcion) Error() string {
	return fmt.Sprintf("variante: descripción, línea %d, columna %d (%q): %v", e.Linea, e.Columna, e.Texto, e.Err)
}

// Unwrap devuelve [ErrDescripcionInvalida] y la causa.
func (e *ErrorDescripcion) Unwrap() []error { return []error{ErrDescripcionInvalida, e.Err} }

// LetraDescrita es una ficha de una [Descripcion]: cómo se escribe, cuántas
// hay en la bolsa, cuánto vale, si es vocal y las otras formas de
// escribirla en una lista de palabras.
type LetraDescrita struct {
	// Simbolo es como se escribe la ficha, en mayúsculas: "A", "Ñ", "CH",
	// "L·L". En una lista de palabras se escribe así (sin distinguir
	// mayúsculas); en la notación de jugadas, entre corchetes si tiene más
	// de un carácter ("[L·L]").
	Simbolo string
	// Cantidad es cuántas fichas hay en una bolsa completa (0: solo un
	// comodín puede representarla).
	Cantidad int
	// Valor es cuántos puntos vale.
	Valor int
	// Vocal dice si la ficha es una vocal (para quien cuenta vocales y
	// consonantes en una mano).
	Vocal bool
	// Grafias son otras formas de escribirla en una lista de palabras, que
	// se leen como ella ("À" para "A" en catalán); ver
	// letra.Alfabeto.ConEquivalencias.
	Grafias []string
}

// Descripcion es una variante escrita como datos: el alfabeto con sus
// fichas, la bolsa, el tablero y las reglas. No trae la lista de palabras:
// [Descripcion.Variante] la recibe (y Lista dice de dónde sale). Se lee con
// [LeerDescripcion] y se escribe con [EscribirDescripcion]; las incluidas
// están en [Descripciones].
type Descripcion struct {
	Nombre string   // identificador: minúsculas ASCII, dígitos y "-" ("catalan", "ingles-21")
	Alias  []string // otros nombres con que se la busca ([PorNombre]): el "ld" de CGP, el "#lexicon" de GCG
	Titulo string   // nombre para mostrar, en una línea
	Fuente string   // la distribución publicada que sigue, en una línea
	Lista  string   // de dónde sale la lista de palabras: "espanol" (la embebida en variante/espanol) o "" (la da quien la usa)

	Tablero   int             // N, el lado del tablero
	Fichas    int             // F, las fichas de cada mano
	Letras    []LetraDescrita // el alfabeto, en orden: la i-ésima es la letra.Letra i
	Comodines int             // cuántos comodines tiene la bolsa
	Premios   *Premios        // las casillas de premio, o nil si no hay

	Bingo        int      // [Opciones].Bingo
	Conexion     bool     // [Opciones].Conexion
	Cambios      bool     // [Opciones].Cambios
	Bolsa        bool     // [Opciones].Bolsa
	FinDePartida int      // [Opciones].FinDePartida (0: la partida no termina)
	ReglaFin     ReglaFin // [Opciones].ReglaFin
}

// OpcionesDescripcion acota lo que lee [LeerDescripcion]. El valor cero da
// los límites por omisión.
type OpcionesDescripcion struct {
	// MaxBytes es la cantidad máxima de bytes que se leen; 0 es
	// [OmisionMaxBytesDescripcion]. Una descripción de 21×21 ocupa menos de
	// 3 KiB.
	MaxBytes int64
}

// OmisionMaxBytesDescripcion es el límite por omisión de
// [OpcionesDescripcion].MaxBytes: 1 MiB.
const OmisionMaxBytesDescripcion = 1 << 20

// maxLineaDescripcion es el largo máximo de una línea, en bytes: una fila
// de premios de [MaxTamanoTablero] casillas cabe.
const maxLineaDescripcion = MaxTamanoTablero + 64

// LeerDescripcion lee una descripción de variante de r. El formato es texto
// UTF-8, una declaración por línea, "clave: valor"; las líneas en blanco y
// las que empiezan con "#" (comentarios) se ignoran, y los espacios de los
// extremos no cuentan. Las claves:
//
//	nombre: catalan               obligatoria; minúsculas ASCII, dígitos y "-"
//	alias: catalan CAT DISC       opcional; nombres separados por espacios
//	titulo: Catalán               opcional; texto libre
//	fuente: https://…             opcional; texto libre
//	lista: usuario                opcional; "usuario" (o ausente) o el nombre de una lista embebida ("espanol")
//	tablero: 15                   obligatoria; de 1 a MaxTamanoTablero
//	fichas: 7                     obligatoria; de 1 a MaxFichas
//	comodines: 2                  opcional (0)
//	bingo: 50                     opcional (0)
//	conexion: si                  opcional, "si" o "no" (no)
//	cambios: si                   opcional (no)
//	bolsa: si                     opcional (no)
//	fin: 6 internacional          opcional: turnos sin puntos y regla ("internacional" o "norteamericano"), o "no"
//	letra: L·L 1 10 consonante    una por ficha, en orden: símbolo, cantidad, valor, "vocal" o "consonante" y otras grafías
//	premios:                      opcional; la siguen N líneas de N caracteres, como en ParsearPremios
//
// Cada clave aparece a lo sumo una vez, salvo letra. Lee a lo sumo
// op.MaxBytes bytes. Cuesta O(n) para n bytes. Si el texto no sigue el
// formato, o describe una variante imposible (un alfabeto inválido, sin
// fichas, una grilla que no es de N×N), devuelve un [*ErrorDescripcion] con
// la línea y la columna.
func LeerDescripcion(r io.Reader, op OpcionesDescripcion) (*Descripcion, error) {
	if op.MaxBytes <= 0 {
		op.MaxBytes = OmisionMaxBytesDescripcion
	}
	limitado := &lectorAcotado{r: r, quedan: op.MaxBytes}
	sc := bufio.NewScanner(limitado)
	sc.Buffer(make([]byte, 0, 512), maxLineaDescripcion)
	l := lectorDescripcion{d: &Descripcion{}, vistas: map[string]int{}}
	for sc.Scan() {
		l.num++
		if err := l.linea(sc.Text()); err != nil {
			return nil, err
		}
	}
	if err := sc.Err(); err != nil {
		causa := err
		switch {
		case limitado.excedido:
			causa = fmt.Errorf("más de %d bytes: %w", op.MaxBytes,
				&limite.Error{Limite: "variante.OpcionesDescripcion.MaxBytes", Valor: op.MaxBytes})
		case errors.Is(err, bufio.ErrTooLong):
			causa = fmt.Errorf("una línea de más de %d bytes: %w", maxLineaDescripcion,
				&limite.Error{Limite: "variante.MaxTamanoTablero", Valor: MaxTamanoTablero})
		}
		return nil, &ErrorDescripcion{Linea: l.num + 1, Err: causa}
	}
	if limitado.excedido {
		return nil, &ErrorDescripcion{Linea: l.num, Err: fmt.Errorf("más de %d bytes: %w", op.MaxBytes,
			&limite.Error{Limite: "variante.OpcionesDescripcion.MaxBytes", Valor: op.MaxBytes})}
	}
	if err := l.cerrar(); err != nil {
		return nil, err
	}
	return l.d, nil
}

// lectorDescripcion guarda el estado de [LeerDescripcion].
type lectorDescripcion struct {
	d        *Descripcion
	num      int            // la línea actual
	vistas   map[string]int // clave → línea donde apareció
	filas    []string       // las filas de premios leídas
	filaIni  int            // la línea de "premios:"
	enGrilla bool
}

// fallo arma el error de la línea actual en la columna col (en runas,
// desde 1).
func (l *lectorDescripcion) fallo(texto string, col int, formato string, args ...any) error {
	return &ErrorDescripcion{Linea: l.num, Columna: col, Texto: cita.Texto(texto), Err: fmt.Errorf(formato, args...)}
}

// columna devuelve la columna (en runas, desde 1) del byte i de texto.
func columna(texto string, i int) int { return utf8.RuneCountInString(texto[:i]) + 1 }

func (l *lectorDescripcion) linea(cruda string) error {
	if !utf8.ValidString(cruda) {
		return l.fallo(cruda, 0, "la línea no es UTF-8 válido")
	}
	texto := strings.TrimSpace(cruda)
	ini := strings.Index(cruda, texto) // el byte donde empieza texto
	if texto == "" || texto[0] == '#' {
		return nil
	}
	clave, valor, ok := strings.Cut(texto, ":")
	if !ok {
		if l.enGrilla {
			if len(l.filas) >= MaxTamanoTablero {
				return l.fallo(cruda, 1, "%w: más de %d filas: %w", ErrPremiosInvalidos, MaxTamanoTablero,
					&limite.Error{Limite: "variante.MaxTamanoTablero", Valor: MaxTamanoTablero})
			}
			for i, r := range texto {
				if r >= utf8.RuneSelf || !strings.ContainsRune(simbolosPremio, r) {
					return l.fallo(cruda, columna(cruda, ini+i), "%w: carácter %q (se esperaba uno de %q)", ErrPremiosInvalidos, r, simbolosPremio)
				}
			}
			l.filas = append(l.filas, texto)
			return nil
		}
		return l.fallo(cruda, columna(cruda, ini), "se esperaba \"clave: valor\"")
	}
	l.enGrilla = false
	// La columna del valor: después de los dos puntos y de los espacios.
	colValor := columna(cruda, ini+len(clave)+1+len(valor)-len(strings.TrimLeftFunc(valor, unicode.IsSpace)))
	clave = strings.TrimSpace(clave)
	valor = strings.TrimSpace(valor)
	if clave != "letra" {
		if previa, repetida := l.vistas[clave]; repetida {
			return l.fallo(cruda, columna(cruda, ini), "la clave %q ya apareció en la línea %d", cita.Texto(clave), previa)
		}
		l.vistas[clave] = l.num
	}
	d := l.d
	var err error
	switch clave {
	case "nombre":
		if !nombreValido(valor) {
			return l.fallo(cruda, colValor, "nombre %q: debe tener solo minúsculas ASCII, dígitos y \"-\"", cita.Texto(valor))
		}
		d.Nombre = valor
	case "alias":
		d.Alias = strings.Fields(valor)
		if len(d.Alias) == 0 {
			d.Alias = nil
		}
		for _, a := range d.Alias {
			if len(a) > maxTexto {
				return l.fallo(cruda, colValor, "alias de más de %d bytes", maxTexto)
			}
		}
	case "titulo", "fuente":
		if !unaLinea(valor) {
			return l.fallo(cruda, colValor, "%s: de más de %d bytes o con un retorno de carro", clave, maxTexto)
		}
		if clave == "titulo" {
			d.Titulo = valor
		} else {
			d.Fuente = valor
		}
	case "lista":
		if valor == "usuario" {
			valor = ""
		}
		if strings.ContainsFunc(valor, unicode.IsSpace) || len(valor) > maxTexto {
			return l.fallo(cruda, colValor, "lista %q: debe ser una palabra de a lo sumo %d bytes", cita.Texto(valor), maxTexto)
		}
		d.Lista = valor
	case "tablero":
		d.Tablero, err = entero(valor, 1, MaxTamanoTablero)
	case "fichas":
		d.Fichas, err = entero(valor, 1, MaxFichas)
	case "comodines":
		d.Comodines, err = entero(valor, 0, MaxFichasBolsa)
	case "bingo":
		d.Bingo, err = entero(valor, 0, MaxPuntos)
	case "conexion":
		d.Conexion, err = siNo(valor)
	case "cambios":
		d.Cambios, err = siNo(valor)
	case "bolsa":
		d.Bolsa, err = siNo(valor)
	case "fin":
		err = l.fin(valor)
	case "letra":
		return l.letra(cruda, valor, colValor)
	case "premios":
		if valor != "" {
			return l.fallo(cruda, colValor, "después de \"premios:\" van las filas, en las líneas siguientes")
		}
		l.enGrilla, l.filaIni = true, l.num
	default:
		return l.fallo(cruda, columna(cruda, ini), "clave desconocida %q", cita.Texto(clave))
	}
	if err != nil {
		return l.fallo(cruda, colValor, "%s: %w", clave, err)
	}
	return nil
}

// Cotas de los números de una descripción, para que ninguna suma desborde.
const (
	// MaxFichasBolsa es la cantidad máxima de fichas de una letra, o de
	// comodines, en una descripción.
	MaxFichasBolsa = 1 << 16
	// MaxPuntos es el valor máximo de una letra o del bingo en una
	// descripción.
	MaxPuntos = 1 << 16
)

// maxTexto es el largo máximo, en bytes, del título y la fuente.
const maxTexto = 1024

// maxRunasSimbolo es el largo máximo de un símbolo o una grafía, en runas;
// maxGrafias, cuántas grafías puede tener una letra.
const (
	maxRunasSimbolo = 8
	maxGrafias      = 16
)

// unaLinea informa si s puede ser el valor de una clave de texto: sin
// espacios en los extremos, sin saltos ni retornos de carro, UTF-8 válido
// y de a lo sumo maxTexto bytes.
func unaLinea(s string) bool {
	return s == strings.TrimSpace(s) && !strings.ContainsAny(s, "\n\r") && utf8.ValidString(s) && len(s) <= maxTexto
}

// simboloValido informa si s puede ser un símbolo o una grafía de una
// descripción: un símbolo de letra.NuevoAlfabeto de a lo sumo
// maxRunasSimbolo runas.
func simboloValido(s string) error {
	if utf8.RuneCountInString(s) > maxRunasSimbolo {
		return fmt.Errorf("%w: el símbolo %q tiene más de %d caracteres", letra.ErrAlfabetoInvalido, cita.Texto(s), maxRunasSimbolo)
	}
	_, err := letra.NuevoAlfabeto(s)
	return err
}

func nombreValido(s string) bool {
	if s == "" || len(s) > 64 {
		return false
	}
	for _, r := range s {
		if !('a' <= r && r <= 'z' || '0' <= r && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}

// entero lee un natural entre min y max, en decimal y sin signo.
func entero(s string, min, max int) (int, error) {
	if s == "" || len(s) > 9 || strings.TrimLeft(s, "0123456789") != "" {
		return 0, fmt.Errorf("%q no es un número natural", cita.Texto(s))
	}
	n, _ := strconv.Atoi(s)
	if n < min || n > max {
		return 0, fmt.Errorf("%d: debe estar entre %d y %d", n, min, max)
	}
	return n, nil
}

func siNo(s string) (bool, error) {
	switch s {
	case "si":
		return true, nil
	case "no":
		return false, nil
	}
	return false, fmt.Errorf("%q: debe ser \"si\" o \"no\"", cita.Texto(s))
}

func (l *lectorDescripcion) fin(valor string) error {
	if valor == "no" {
		l.d.FinDePartida, l.d.ReglaFin = 0, FinInternacional
		return nil
	}
	campos := strings.Fields(valor)
	if len(campos) != 2 {
		return fmt.Errorf("%q: debe ser \"no\" o los turnos sin puntos y la regla (\"6 internacional\")", cita.Texto(valor))
	}
	n, err := entero(campos[0], 1, MaxPuntos)
	if err != nil {
		return err
	}
	switch campos[1] {
	case FinInternacional.String():
		l.d.ReglaFin = FinInternacional
	case FinNorteamericano.String():
		l.d.ReglaFin = FinNorteamericano
	default:
		return fmt.Errorf("regla %q: debe ser %q o %q", cita.Texto(campos[1]), FinInternacional, FinNorteamericano)
	}
	l.d.FinDePartida = n
	return nil
}

// letra lee "SÍMBOLO CANTIDAD VALOR vocal|consonante [GRAFÍAS…]"; valor
// empieza en la columna col de cruda.
func (l *lectorDescripcion) letra(cruda, valor string, col int) error {
	var campos []string
	var cols []int // la columna de cada campo
	for i := 0; i < len(valor); {
		r, w := utf8.DecodeRuneInString(valor[i:])
		if unicode.IsSpace(r) {
			i += w
			continue
		}
		fin := strings.IndexFunc(valor[i:], unicode.IsSpace)
		if fin < 0 {
			fin = len(valor) - i
		}
		campos = append(campos, valor[i:i+fin])
		cols = append(cols, col+utf8.RuneCountInString(valor[:i]))
		i += fin
	}
	if len(campos) < 4 {
		return l.fallo(cruda, col, "letra: se esperaba \"SÍMBOLO CANTIDAD VALOR vocal|consonante [GRAFÍAS…]\"")
	}
	if len(l.d.Letras) >= letra.MaxLetras-1 {
		return l.fallo(cruda, col, "%w: más de %d letras", letra.ErrAlfabetoInvalido, letra.MaxLetras-1)
	}
	if err := simboloValido(campos[0]); err != nil {
		return l.fallo(cruda, cols[0], "letra: %w", err)
	}
	ld := LetraDescrita{Simbolo: simboloCanonico(campos[0])}
	var err error
	if ld.Cantidad, err = entero(campos[1], 0, MaxFichasBolsa); err != nil {
		return l.fallo(cruda, cols[1], "letra %s, cantidad: %w", ld.Simbolo, err)
	}
	if ld.Valor, err = entero(campos[2], 0, MaxPuntos); err != nil {
		return l.fallo(cruda, cols[2], "letra %s, valor: %w", ld.Simbolo, err)
	}
	switch campos[3] {
	case "vocal":
		ld.Vocal = true
	case "consonante":
	default:
		return l.fallo(cruda, cols[3], "letra %s: %q debe ser \"vocal\" o \"consonante\"", ld.Simbolo, cita.Texto(campos[3]))
	}
	if len(campos)-4 > maxGrafias {
		return l.fallo(cruda, cols[4+maxGrafias], "letra %s: más de %d grafías", ld.Simbolo, maxGrafias)
	}
	for i, g := range campos[4:] {
		if err := simboloValido(g); err != nil {
			return l.fallo(cruda, cols[4+i], "letra %s, grafía: %w", ld.Simbolo, err)
		}
		ld.Grafias = append(ld.Grafias, simboloCanonico(g))
	}
	l.d.Letras = append(l.d.Letras, ld)
	// El alfabeto hasta aquí debe poder construirse: el error dice qué
	// letra lo rompe.
	if _, err := l.d.alfabetoSinCanon(); err != nil {
		return l.fallo(cruda, cols[0], "letra %s: %w", ld.Simbolo, err)
	}
	return nil
}

// simboloCanonico devuelve s como lo guarda un alfabeto: en mayúsculas y
// compuesto ("n" + tilde → "Ñ"). s ya es un símbolo válido.
func simboloCanonico(s string) string {
	a, err := letra.NuevoAlfabeto(s)
	if err != nil {
		return s
	}
	return a.Simbolo(0)
}

// cerrar verifica lo que depende de toda la descripción.
func (l *lectorDescripcion) cerrar() error {
	d := l.d
	falta := func(clave string) error {
		return &ErrorDescripcion{Linea: max(l.num, 1), Err: fmt.Errorf("falta la clave %q", clave)}
	}
	switch {
	case d.Nombre == "":
		return falta("nombre")
	case d.Tablero == 0:
		return falta("tablero")
	case d.Fichas == 0:
		return falta("fichas")
	case len(d.Letras) == 0:
		return falta("letra")
	}
	total := 0
	for _, x := range d.Letras {
		total += x.Cantidad
	}
	if total == 0 {
		return &ErrorDescripcion{Linea: l.vistas["tablero"], Err: fmt.Errorf("%w: la bolsa no tiene fichas de letras", ErrDistribucionInvalida)}
	}
	if _, visto := l.vistas["premios"]; visto {
		if len(l.filas) != d.Tablero {
			return &ErrorDescripcion{Linea: l.filaIni, Texto: "premios:", Err: fmt.Errorf("%w: %d filas para un tablero de %d×%d",
				ErrPremiosInvalidos, len(l.filas), d.Tablero, d.Tablero)}
		}
		for i, f := range l.filas {
			if len(f) != d.Tablero {
				return &ErrorDescripcion{Linea: l.filaIni + 1 + i, Columna: min(len(f), d.Tablero) + 1, Texto: cita.Texto(f),
					Err: fmt.Errorf("%w: la fila %d tiene %d casillas y el tablero %d", ErrPremiosInvalidos, i+1, len(f), d.Tablero)}
			}
		}
		p, err := ParsearPremios(strings.Join(l.filas, "\n"))
		if err != nil {
			return &ErrorDescripcion{Linea: l.filaIni, Texto: "premios:", Err: err}
		}
		d.Premios = p
	}
	return nil
}

// alfabetoSinCanon construye el alfabeto de d: los símbolos y, si hay, las
// grafías.
func (d *Descripcion) alfabetoSinCanon() (*letra.Alfabeto, error) {
	simbolos := make([]string, len(d.Letras))
	equivalencias := map[string]string{}
	for i, x := range d.Letras {
		simbolos[i] = x.Simbolo
		for _, g := range x.Grafias {
			if _, repetida := equivalencias[g]; repetida {
				return nil, fmt.Errorf("%w: la grafía %q está repetida", letra.ErrAlfabetoInvalido, g)
			}
			equivalencias[g] = x.Simbolo
		}
	}
	a, err := letra.NuevoAlfabeto(simbolos...)
	if err != nil || len(equivalencias) == 0 {
		return a, err
	}
	return a.ConEquivalencias(equivalencias)
}

// Alfabeto devuelve el alfabeto de d: sus símbolos en orden, con las
// grafías como equivalencias. Si es igual a uno de los predefinidos
// (letra.Espanol, letra.EspanolConDigrafos, letra.Ingles) devuelve ese
// mismo, de modo que las variantes descritas comparten el alfabeto con las
// escritas en Go. Devuelve un error que envuelve a letra.ErrAlfabetoInvalido
// si los símbolos no forman un alfabeto.
func (d *Descripcion) Alfabeto() (*letra.Alfabeto, error) {
	a, err := d.alfabetoSinCanon()
	if err != nil {
		return nil, err
	}
	simbolos, equivalencias := a.Simbolos(), a.Equivalencias()
	for _, p := range []*letra.Alfabeto{letra.Espanol(), letra.EspanolConDigrafos(), letra.Ingles()} {
		if slices.Equal(simbolos, p.Simbolos()) && maps.Equal(equivalencias, p.Equivalencias()) {
			return p, nil
		}
	}
	return a, nil
}

// Opciones devuelve las opciones de la variante que describe d, para el
// alfabeto alf (el de [Descripcion.Alfabeto]): la distribución (solo las
// letras con fichas), los comodines, los premios y las reglas.
func (d *Descripcion) Opciones(alf *letra.Alfabeto) Opciones {
	dist := map[letra.Letra]int{}
	for i, x := range d.Letras {
		if x.Cantidad > 0 && alf.Contiene(letra.Letra(i)) {
			dist[letra.Letra(i)] = x.Cantidad
		}
	}
	return Opciones{
		Distribucion: dist, Premios: d.Premios, Conexion: d.Conexion, Comodines: d.Comodines,
		Bingo: d.Bingo, Cambios: d.Cambios, Bolsa: d.Bolsa, FinDePartida: d.FinDePartida, ReglaFin: d.ReglaFin,
	}
}

// Puntajes devuelve el valor de cada letra de d, en su alfabeto.
func (d *Descripcion) Puntajes() map[letra.Letra]int {
	m := make(map[letra.Letra]int, len(d.Letras))
	for i, x := range d.Letras {
		m[letra.Letra(i)] = x.Valor
	}
	return m
}

// Vocales devuelve las letras de d que son vocales.
func (d *Descripcion) Vocales() letra.Conjunto {
	var c letra.Conjunto
	for i, x := range d.Letras {
		if x.Vocal {
			c = c.Con(letra.Letra(i))
		}
	}
	return c
}

// Variante devuelve la variante que describe d con las palabras de lexico,
// escritas en el alfabeto de d ([Descripcion.Alfabeto]). Devuelve los
// errores de [Nueva] y, si d no tiene un alfabeto válido, uno que envuelve
// a letra.ErrAlfabetoInvalido.
func (d *Descripcion) Variante(lexico *trie.DAWG) (*Variante, error) {
	alf, err := d.Alfabeto()
	if err != nil {
		return nil, fmt.Errorf("variante %s: %w", d.Nombre, err)
	}
	return Nueva(alf, d.Tablero, d.Fichas, d.Puntajes(), lexico, d.Opciones(alf))
}

// LeerVariante lee una lista de palabras de r con [LeerLexico] (los límites
// de op), en el alfabeto de d, y devuelve la variante que describe d con
// ellas.
func (d *Descripcion) LeerVariante(r io.Reader, op OpcionesLexico) (*Variante, error) {
	alf, err := d.Alfabeto()
	if err != nil {
		return nil, fmt.Errorf("variante %s: %w", d.Nombre, err)
	}
	lexico, err := LeerLexico(r, alf, op)
	if err != nil {
		return nil, fmt.Errorf("variante %s: %w", d.Nombre, err)
	}
	return d.Variante(lexico)
}

// EscribirDescripcion escribe d en w en el formato de [LeerDescripcion], en
// forma canónica: las claves en un orden fijo, sin las que tienen su valor
// por omisión, y las letras en columnas. [LeerDescripcion] devuelve una
// descripción igual a d. Devuelve un error que envuelve a
// [ErrDescripcionInvalida] si d no puede escribirse así (un texto con un
// salto de línea, un nombre inválido…), o el error de w.
func EscribirDescripcion(w io.Writer, d *Descripcion) error {
	if err := d.validarEscritura(); err != nil {
		return err
	}
	var b strings.Builder
	linea := func(clave, valor string) { fmt.Fprintf(&b, "%s: %s\n", clave, valor) }
	siNo := func(x bool) string {
		if x {
			return "si"
		}
		return "no"
	}
	linea("nombre", d.Nombre)
	if len(d.Alias) > 0 {
		linea("alias", strings.Join(d.Alias, " "))
	}
	if d.Titulo != "" {
		linea("titulo", d.Titulo)
	}
	if d.Fuente != "" {
		linea("fuente", d.Fuente)
	}
	lista := d.Lista
	if lista == "" {
		lista = "usuario"
	}
	linea("lista", lista)
	linea("tablero", strconv.Itoa(d.Tablero))
	linea("fichas", strconv.Itoa(d.Fichas))
	linea("comodines", strconv.Itoa(d.Comodines))
	linea("bingo", strconv.Itoa(d.Bingo))
	linea("conexion", siNo(d.Conexion))
	linea("cambios", siNo(d.Cambios))
	linea("bolsa", siNo(d.Bolsa))
	if d.FinDePartida > 0 {
		linea("fin", fmt.Sprintf("%d %s", d.FinDePartida, d.ReglaFin))
	} else {
		linea("fin", "no")
	}
	b.WriteString("\n# letra: símbolo, cantidad, valor, vocal o consonante, otras grafías\n")
	ancho := 0
	for _, x := range d.Letras {
		ancho = max(ancho, utf8.RuneCountInString(x.Simbolo))
	}
	for _, x := range d.Letras {
		tipo := "consonante"
		if x.Vocal {
			tipo = "vocal"
		}
		s := fmt.Sprintf("letra: %s%s %3d %3d %s", x.Simbolo, strings.Repeat(" ", ancho-utf8.RuneCountInString(x.Simbolo)),
			x.Cantidad, x.Valor, tipo)
		for _, g := range x.Grafias {
			s += " " + g
		}
		b.WriteString(strings.TrimRight(s, " ") + "\n")
	}
	if d.Premios != nil {
		b.WriteString("\n# premios: . nada, l y L letra doble y triple, p y P palabra doble y triple, c y C cuádruples\npremios:\n")
		b.WriteString(d.Premios.String())
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// validarEscritura comprueba que d se pueda escribir y volver a leer igual.
func (d *Descripcion) validarEscritura() error {
	mal := func(formato string, args ...any) error {
		return fmt.Errorf("%w: %s", ErrDescripcionInvalida, fmt.Sprintf(formato, args...))
	}
	palabra := func(s string) bool {
		return s != "" && unaLinea(s) && !strings.ContainsFunc(s, unicode.IsSpace)
	}
	switch {
	case !nombreValido(d.Nombre):
		return mal("nombre %q", cita.Texto(d.Nombre))
	case !unaLinea(d.Titulo) || !unaLinea(d.Fuente):
		return mal("el título y la fuente deben ser de una línea, sin espacios en los extremos")
	case d.Lista != "" && (!palabra(d.Lista) || d.Lista == "usuario"):
		return mal("lista %q", cita.Texto(d.Lista))
	case d.Tablero < 1 || d.Tablero > MaxTamanoTablero || d.Fichas < 1 || d.Fichas > MaxFichas:
		return mal("tablero %d o fichas %d fuera de rango", d.Tablero, d.Fichas)
	case d.Comodines < 0 || d.Comodines > MaxFichasBolsa || d.Bingo < 0 || d.Bingo > MaxPuntos:
		return mal("comodines %d o bingo %d fuera de rango", d.Comodines, d.Bingo)
	case d.FinDePartida < 0 || d.FinDePartida > MaxPuntos || d.ReglaFin > FinNorteamericano:
		return mal("fin de partida %d %v", d.FinDePartida, d.ReglaFin)
	case d.FinDePartida == 0 && d.ReglaFin != FinInternacional:
		return mal("una regla de fin sin fin de partida")
	case d.Premios != nil && d.Premios.Tamano() != d.Tablero:
		return mal("premios de %d×%d para un tablero de %d×%d", d.Premios.Tamano(), d.Premios.Tamano(), d.Tablero, d.Tablero)
	case len(d.Letras) == 0:
		return mal("sin letras")
	}
	for _, a := range d.Alias {
		if !palabra(a) {
			return mal("alias %q", cita.Texto(a))
		}
	}
	total := 0
	for _, x := range d.Letras {
		if x.Cantidad < 0 || x.Cantidad > MaxFichasBolsa || x.Valor < 0 || x.Valor > MaxPuntos {
			return mal("letra %q: cantidad %d o valor %d fuera de rango", cita.Texto(x.Simbolo), x.Cantidad, x.Valor)
		}
		if len(x.Grafias) > maxGrafias {
			return mal("letra %q: más de %d grafías", cita.Texto(x.Simbolo), maxGrafias)
		}
		if simboloValido(x.Simbolo) != nil || x.Simbolo != simboloCanonico(x.Simbolo) || !palabra(x.Simbolo) {
			return mal("el símbolo %q no está en forma canónica (mayúsculas)", cita.Texto(x.Simbolo))
		}
		for _, g := range x.Grafias {
			if simboloValido(g) != nil || g != simboloCanonico(g) || !palabra(g) {
				return mal("la grafía %q no está en forma canónica (mayúsculas)", cita.Texto(g))
			}
		}
		if x.Grafias != nil && len(x.Grafias) == 0 {
			return mal("letra %q: grafías vacías y no nil", cita.Texto(x.Simbolo))
		}
		total += x.Cantidad
	}
	if d.Alias != nil && len(d.Alias) == 0 {
		return mal("alias vacíos y no nil")
	}
	if total == 0 {
		return mal("la bolsa no tiene fichas de letras")
	}
	if _, err := d.alfabetoSinCanon(); err != nil {
		return fmt.Errorf("%w: %w", ErrDescripcionInvalida, err)
	}
	return nil
}

// Clonar devuelve una copia de d que no comparte nada modificable con d
// (los premios son inmutables y se comparten).
func (d *Descripcion) Clonar() *Descripcion {
	c := *d
	c.Alias = slices.Clone(d.Alias)
	c.Letras = slices.Clone(d.Letras)
	for i := range c.Letras {
		c.Letras[i].Grafias = slices.Clone(c.Letras[i].Grafias)
	}
	return &c
}
