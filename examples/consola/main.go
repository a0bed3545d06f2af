// Command consola es la consola del analista: carga una posición (CGP) o un
// turno de una partida (GCG), muestra el tablero con sus coordenadas, las
// manos y las fichas que no se ven, lista las jugadas en la notación de los
// jugadores, simula con una tabla que se actualiza mientras corre, infiere
// la mano del rival, resuelve el final (analisis/final), juega y deshace.
//
// Uso:
//
//	go run ./examples/consola [opciones]
//
// Saluda, dice qué posición cargó y lee órdenes de la entrada estándar,
// una por línea (así se usa también desde un guion o una prueba), con el
// indicador "> " si la entrada es una terminal; "ayuda" las lista y explica
// la leyenda del tablero, y "cargar" carga otra posición (CGP) o el turno
// de un GCG sin salir. Opciones:
//
//	-cgp archivo      carga la posición CGP del archivo
//	-gcg archivo      carga la partida GCG del archivo
//	-turno n          con -gcg, la posición antes del turno n (desde 0; por
//	                  omisión, la última)
//	-lexico archivo   el léxico inglés (SOWPODS, texto o gzip) para las
//	                  partidas en inglés; no viaja con el módulo: sin él, la
//	                  variante española clásica (embebida)
//	-variante nombre  una variante descrita (variante.PorNombre: catalan,
//	                  frances, ingles-21…) con el léxico de -lexico (las
//	                  españolas traen el suyo)
//	-iteraciones n    tope de iteraciones de simular (por omisión 0: el tiempo)
//	-tiempo d         el plazo de simular, inferir y final (por omisión 3s;
//	                  final acepta otro: "final 30s")
//	-eco              repite cada orden en la salida (para transcripciones)
//	-h                muestra el uso
//
// Códigos de salida: 0 si todo salió bien (o con -h); 1 si la posición no
// se puede cargar o una orden falla; 2 si las opciones son incorrectas.
package main

import (
	"bufio"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/analisis/inferencia"
	"github.com/juegodepalabras/palabras/analisis/simulacion"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/programa"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
	"github.com/juegodepalabras/palabras/variante/ingles"
)

func main() { programa.Salir("consola", ejecutar(os.Args[1:], os.Stdin, os.Stdout)) }

var encabezado = []string{
	"Uso: consola [opciones]",
	"Lee órdenes de la entrada estándar, una por línea; \"ayuda\" las lista y explica el tablero.",
	"Sin -lexico juega la variante española clásica (embebida); la lista inglesa SOWPODS no viaja con el módulo.",
}

// errOrden es el error de ejecutar si alguna orden falló.
var errOrden = errors.New("alguna orden falló")

func ejecutar(args []string, entrada io.Reader, salida io.Writer) error {
	flags := flag.NewFlagSet("consola", flag.ContinueOnError)
	archivoCGP := flags.String("cgp", "", "carga la posición CGP del `archivo`")
	archivoGCG := flags.String("gcg", "", "carga la partida GCG del `archivo`")
	turno := flags.Int("turno", -1, "con -gcg, la posición antes del turno `n` (desde 0; -1, la última)")
	lexico := flags.String("lexico", "", "`archivo` del léxico inglés SOWPODS (texto o gzip), que no viaja con el módulo; sin él, la variante española clásica")
	descrita := flags.String("variante", "", "una variante descrita (`nombre`: catalan, frances, ingles-21…) con el léxico de -lexico")
	iteraciones := flags.Int("iteraciones", 0, "tope de `iteraciones` de simular (0: el tiempo)")
	tiempo := flags.Duration("tiempo", 3*time.Second, "el plazo de simular, inferir y final (final acepta otro: \"final 30s\")")
	eco := flags.Bool("eco", false, "repite cada orden en la salida")
	if ayuda, err := programa.Leer(flags, args, salida, encabezado...); ayuda || err != nil {
		return err
	}
	switch {
	case flags.NArg() > 0:
		return programa.DeUso("argumentos de más: %q (las órdenes van por la entrada)", flags.Args())
	case *archivoCGP != "" && *archivoGCG != "":
		return programa.DeUso("-cgp y -gcg a la vez")
	case *turno != -1 && *archivoGCG == "":
		return programa.DeUso("-turno sin -gcg")
	case *iteraciones < 0 || *tiempo <= 0:
		return programa.DeUso("-iteraciones y -tiempo deben ser positivos")
	}
	v := espanol.Clasica()
	origen := "una partida nueva (variante española clásica, semilla 1)"
	var err error
	switch {
	case *descrita != "":
		if v, err = leerDescrita(*descrita, *lexico); err != nil {
			return err
		}
		origen = fmt.Sprintf("una partida nueva (variante %s, semilla 1)", *descrita)
	case *lexico != "":
		if v, err = leerIngles(*lexico); err != nil {
			return err
		}
		origen = "una partida nueva (variante inglesa clásica, semilla 1)"
	}
	c := &consola{salida: salida, v: v, nombre: *descrita, lexico: *lexico, iteraciones: *iteraciones, tiempo: *tiempo}
	switch {
	case *archivoCGP != "":
		err = c.cargarCGP(*archivoCGP)
		origen = "la posición de " + *archivoCGP
	case *archivoGCG != "":
		var n int
		n, err = c.cargarGCG(*archivoGCG, *turno)
		origen = fmt.Sprintf("%s, antes del turno %d", *archivoGCG, n)
	default:
		var bolsa []letra.Letra
		if bolsa, err = v.Repositorio(2, 1); err == nil {
			c.j, err = juego.Nuevo(2, v, bolsa)
		}
	}
	if err != nil {
		return err
	}
	if err := c.prepararMotor(); err != nil {
		return err
	}
	fmt.Fprintf(salida, "Consola del analista (palabras). Cargada: %s.\n", origen)
	fmt.Fprintln(salida, "Escriba una orden por línea: \"ayuda\" las lista y explica el tablero, \"tablero\" lo muestra, \"salir\" termina.")
	return c.sesion(entrada, *eco, programa.EsTerminal(entrada))
}

// sesion lee y hace las órdenes de entrada hasta "salir" o el final; con
// indicador escribe "> " antes de cada una (en una terminal), con eco la
// repite. Devuelve errOrden si alguna falló.
func (c *consola) sesion(entrada io.Reader, eco, indicador bool) error {
	salida := c.salida
	fallos := 0
	sc := bufio.NewScanner(entrada)
	for {
		if indicador {
			fmt.Fprint(salida, "> ")
		}
		if !sc.Scan() {
			break
		}
		linea := strings.TrimSpace(sc.Text())
		if linea == "" || strings.HasPrefix(linea, "#") {
			continue
		}
		if eco {
			fmt.Fprintf(salida, "> %s\n", linea)
		}
		if linea == "salir" {
			break
		}
		if err := c.orden(linea); err != nil {
			fmt.Fprintln(salida, "error:", err)
			fallos++
		}
	}
	if indicador {
		fmt.Fprintln(salida)
	}
	if err := sc.Err(); err != nil {
		return err
	}
	if fallos > 0 {
		return fmt.Errorf("%w (%d)", errOrden, fallos)
	}
	return nil
}

// leerIngles lee la variante inglesa clásica con el léxico del archivo.
func leerIngles(ruta string) (*variante.Variante, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(ruta, ".gz") {
		z, err := gzip.NewReader(f)
		if err != nil {
			return nil, err
		}
		r = z
	}
	return ingles.Leer(r, variante.OpcionesLexico{})
}

// prepararMotor hace el generador y las hojas de la variante del juego, si
// cambió (o la primera vez).
func (c *consola) prepararMotor() error {
	v := c.j.Variante()
	if c.g != nil && c.gDe == v {
		return nil
	}
	g, err := generador.Nuevo(v, generador.Opciones{})
	if err != nil {
		return err
	}
	c.g, c.gDe = g, v
	c.hojas, _ = bot.ValoracionPara(v)
	return nil
}

// cargar es la orden "cargar": una ruta .gcg (con el turno, o el último),
// otra ruta (un archivo CGP), o el texto de una posición CGP. Si falla, la
// posición no cambia.
func (c *consola) cargar(arg string) error {
	if arg == "" {
		return errors.New("falta qué cargar: cargar archivo.cgp, cargar archivo.gcg [turno] o cargar <posición CGP>")
	}
	antes, anteriores := c.j, c.anteriores
	ruta, resto, _ := strings.Cut(arg, " ")
	var err error
	var origen string
	_, errStat := os.Stat(ruta)
	switch {
	case errStat == nil && strings.HasSuffix(strings.ToLower(ruta), ".gcg"):
		n := -1
		if resto = strings.TrimSpace(resto); resto != "" {
			if n, err = strconv.Atoi(resto); err != nil || n < 0 {
				return fmt.Errorf("el turno %q no es un número (desde 0)", resto)
			}
		}
		n, err = c.cargarGCG(ruta, n)
		origen = fmt.Sprintf("%s, antes del turno %d", ruta, n)
	case errStat == nil:
		err = c.cargarCGP(ruta)
		origen = "la posición de " + ruta
	case strings.Contains(arg, "/") && strings.Contains(arg, " "):
		err = c.cargarTextoCGP(arg)
		origen = "la posición CGP dada"
	default:
		return fmt.Errorf("no se puede cargar %q: no es un archivo (%v) ni una posición CGP", ruta, errStat)
	}
	if err == nil {
		err = c.prepararMotor()
	}
	if err != nil {
		c.j, c.anteriores = antes, anteriores
		return err
	}
	c.anteriores, c.ultimas = nil, nil
	fmt.Fprintf(c.salida, "cargada %s\n", origen)
	return nil
}

// consola es el estado de una sesión.
type consola struct {
	salida io.Writer
	v      *variante.Variante
	lexico string // -lexico, para los mensajes
	nombre string // el de -variante, que un GCG nombra en #lexicon
	// leyendaVista: la primera vez que se muestra el tablero, una línea
	// explica sus símbolos.
	leyendaVista bool
	gDe          *variante.Variante
	j            *juego.Juego
	anteriores   []*juego.Juego // para deshacer
	g            *generador.GADDAG
	hojas        generador.Hojas
	iteraciones  int
	tiempo       time.Duration
	ultimas      []generador.Eleccion // las de la última lista o simulación, por número
}

// cargarCGP carga la posición del CGP de ruta. Lee a lo sumo un byte más
// que cgp.OmisionMaxBytes (como el lector GCG, que acota lo que lee): un
// archivo más largo, o que no termina (/dev/zero), lo rechaza
// cgp.Parsear con su error de límite sin que se lea entero.
func (c *consola) cargarCGP(ruta string) error {
	texto, err := leerAcotado(ruta, cgp.OmisionMaxBytes)
	if err != nil {
		return err
	}
	return c.cargarTextoCGP(texto)
}

// leerAcotado lee a lo sumo max+1 bytes del archivo de ruta.
func leerAcotado(ruta string, max int) (string, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return "", err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, int64(max)+1))
	return string(b), err
}

// leerDescrita arma la variante descrita de nombre con el léxico del
// archivo ruta (texto o gzip): las españolas traen el suyo y no lo
// necesitan. Un nombre desconocido o una variante sin léxico son errores de
// uso.
func leerDescrita(nombre, ruta string) (*variante.Variante, error) {
	d, ok := variante.PorNombre(nombre)
	switch {
	case !ok:
		return nil, programa.DeUso("-variante %q: no es una variante descrita", nombre)
	case d.Lista == "espanol" && d.Nombre == "espanol-fise":
		return espanol.Clasica(), nil
	case d.Lista == "espanol":
		return espanol.Variante(), nil
	case ruta == "":
		return nil, programa.DeUso("-variante %s necesita su léxico: -lexico archivo", d.Nombre)
	}
	f, err := os.Open(ruta)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return d.LeerVariante(f, variante.OpcionesLexico{})
}

// cargarTextoCGP carga la posición del texto CGP.
func (c *consola) cargarTextoCGP(texto string) error {
	p, err := cgp.Parsear(texto, cgp.Opciones{Variante: c.v})
	if err != nil {
		return err
	}
	j, err := p.Juego()
	if err != nil {
		return err
	}
	c.j = j
	return nil
}

// cargarGCG carga la posición antes del turno n de la partida: la del turno
// anterior, con ese turno hecho (así hay un último turno que inferir) y la
// mano registrada del jugador en turno; si no se puede, la posición sola.
// Devuelve el turno cargado (n, o el último si n < 0 o pasa del final).
func (c *consola) cargarGCG(ruta string, n int) (int, error) {
	f, err := os.Open(ruta)
	if err != nil {
		return n, err
	}
	defer f.Close()
	lexicos := map[string]*variante.Variante{"FISE": espanol.Clasica()}
	if c.v.Alfabeto() == letra.Ingles() {
		lexicos["CSW"], lexicos["NWL"] = c.v, c.v
	}
	if d, ok := variante.PorNombre(c.nombre); ok {
		for _, n := range append([]string{d.Nombre}, d.Alias...) {
			lexicos[n] = c.v
		}
	}
	p, err := gcg.Leer(f, gcg.Opciones{Variante: c.v, Lexicos: lexicos})
	if err != nil {
		if c.lexico == "" {
			return n, fmt.Errorf("%w (si la partida es en inglés, la lista SOWPODS se da con -lexico)", err)
		}
		return n, err
	}
	if n < 0 || n > p.Juego.Tiempo() {
		n = p.Juego.Tiempo()
	}
	pos, err := p.CGP(n)
	if err != nil {
		return n, err
	}
	if c.j, err = pos.Juego(); err != nil {
		return n, err
	}
	if n > 0 {
		if j, err := conTurnoAnterior(p, n); err == nil {
			c.j = j
		}
	}
	return n, nil
}

// conTurnoAnterior arma la posición antes del turno n con el turno n−1
// hecho.
func conTurnoAnterior(p *gcg.Partida, n int) (*juego.Juego, error) {
	var s juego.Suceso
	hay := false
	for _, x := range p.Juego.Sucesos() {
		if x.Tiempo == n-1 && x.Tipo <= juego.SucesoCambio {
			s, hay = x, true
		}
	}
	antes, err := p.CGP(n - 1)
	if !hay || err != nil {
		return nil, errors.New("sin turno anterior")
	}
	ahora, err := p.CGP(n)
	if err != nil || ahora.Manos[0].Vacio() {
		return nil, errors.New("sin la mano en turno")
	}
	j, err := antes.Juego()
	if err != nil {
		return nil, err
	}
	switch s.Tipo {
	case juego.SucesoColocacion:
		_, err = j.UbicarSinLexico(s.Jugada)
	case juego.SucesoCambio:
		err = j.Cambiar(s.Cambiadas)
	default:
		err = j.Pasar()
	}
	if err != nil {
		return nil, err
	}
	if err := j.AsignarMano(j.Turno(), ahora.Manos[0]); err != nil {
		return nil, err
	}
	return j, nil
}

// ayuda es el texto de la orden "ayuda"; %v es el plazo (-tiempo).
const ayuda = `órdenes:
  tablero            el tablero, los puntajes, la mano en turno y las fichas que no ve
  jugadas [n]        las n mejores jugadas por equidad (10)
  simular [n]        simula las n mejores (20) con una tabla que se actualiza  [plazo: %[1]v]
  inferir            las hojas que el rival pudo conservar en su último turno  [plazo: %[1]v]
  final [d] [n]      resuelve el final (con la bolsa vacía): el valor y la mejor línea, en el
                     plazo d (%[1]v) y, con n, el valor de las n mejores primeras jugadas
                     (cada una cuesta otra búsqueda)  [plazo: %[1]v, o d]
  jugar J            hace la jugada J ("8D CASA", "-", "-ABC", o el número de una lista)
  deshacer           deshace la última jugada
  cargar R [t]       carga otra posición: R.cgp, R.gcg (antes del turno t, desde 0; sin t,
                     el último) o el texto de una posición CGP
  ayuda              esto
  salir
Los que dicen [plazo] terminan al vencer -tiempo (%[1]v) con lo que hallaron, y lo dicen.
` + leyenda

// leyenda explica el tablero de la orden "tablero".
const leyenda = `el tablero: columnas A… y filas 1… como en la notación ("8D CASA" horizontal desde
la fila 8, columna D; "D8 CASA" vertical). En las casillas libres, los premios:
' letra doble, " letra triple, - palabra doble, = palabra triple (en 21×21, ^ letra
cuádruple y ~ palabra cuádruple), · sin premio.
Una letra minúscula es un comodín; [CH] una ficha de dos letras; * marca al jugador en turno.`

func (c *consola) orden(linea string) error {
	campos := strings.Fields(linea)
	arg := strings.TrimSpace(strings.TrimPrefix(linea, campos[0]))
	numero := func(omision int) (int, error) {
		if arg == "" {
			return omision, nil
		}
		n, err := strconv.Atoi(arg)
		if err != nil || n <= 0 {
			return 0, fmt.Errorf("%q no es un número positivo", arg)
		}
		return n, nil
	}
	switch campos[0] {
	case "ayuda":
		fmt.Fprintf(c.salida, ayuda+"\n", c.tiempo)
	case "cargar":
		return c.cargar(arg)
	case "tablero":
		c.mostrar()
	case "jugadas":
		n, err := numero(10)
		if err != nil {
			return err
		}
		c.jugadas(n)
	case "simular":
		n, err := numero(simulacion.OmisionCandidatas)
		if err != nil {
			return err
		}
		return c.simular(n)
	case "inferir":
		return c.inferir()
	case "final":
		return c.final(arg)
	case "jugar":
		return c.jugar(arg)
	case "deshacer":
		if len(c.anteriores) == 0 {
			return errors.New("no hay nada que deshacer")
		}
		c.j = c.anteriores[len(c.anteriores)-1]
		c.anteriores = c.anteriores[:len(c.anteriores)-1]
		fmt.Fprintln(c.salida, "deshecha")
	default:
		return fmt.Errorf("orden desconocida %q (ayuda las lista)", campos[0])
	}
	return nil
}

// noVistas son las fichas que el jugador en turno no ve.
func (c *consola) noVistas() letra.Multiconjunto {
	mano, _ := c.j.Fichas(c.j.Turno())
	return c.j.Variante().Distribucion().Diferencia(c.j.Tablero().DeLaMano()).Diferencia(mano)
}

// mostrar escribe el tablero con coordenadas de la notación (filas desde 1,
// columnas desde A), los premios libres (' doble letra, " triple letra,
// ^ cuádruple letra, - doble palabra, = triple palabra, ~ cuádruple
// palabra), los puntajes y las manos.
func (c *consola) mostrar() {
	j, v := c.j, c.j.Variante()
	alf := v.Alfabeto()
	n := j.TamanoTablero()
	var b strings.Builder
	b.WriteString("    ")
	for col := range n {
		fmt.Fprintf(&b, " %-2s", string(rune('A'+col)))
	}
	b.WriteByte('\n')
	for f := range n {
		fmt.Fprintf(&b, "%3d ", f+1)
		for col := range n {
			s := "·"
			if l, ok := j.Letra(f, col); ok {
				s = alf.Simbolo(l)
				if j.EsComodin(f, col) {
					s = strings.ToLower(s)
				}
			} else {
				switch v.Premio(f, col) {
				case variante.LetraDoble:
					s = "'"
				case variante.LetraTriple:
					s = "\""
				case variante.PalabraDoble:
					s = "-"
				case variante.PalabraTriple:
					s = "="
				case variante.LetraCuadruple:
					s = "^"
				case variante.PalabraCuadruple:
					s = "~"
				}
			}
			fmt.Fprintf(&b, " %-2s", s)
		}
		b.WriteByte('\n')
	}
	fmt.Fprint(c.salida, b.String())
	for i := range j.Jugadores() {
		p, _ := j.Puntaje(i)
		marca := " "
		if i == j.Turno() {
			marca = "*"
		}
		fmt.Fprintf(c.salida, "%s jugador %d: %d puntos", marca, i+1, p)
		if i == j.Turno() {
			m, _ := j.Fichas(i)
			fmt.Fprintf(c.salida, ", mano %s", letras(m, alf))
		}
		fmt.Fprintln(c.salida)
	}
	nv := c.noVistas()
	fmt.Fprintf(c.salida, "no ve (%d, %d en la bolsa): %s\n", nv.Tamano(), j.LetrasEnRepositorio(), letras(nv, alf))
	if !c.leyendaVista {
		fmt.Fprintln(c.salida, "(' letra doble, \" letra triple, - palabra doble, = palabra triple; minúscula: comodín; \"ayuda\" explica más)")
		c.leyendaVista = true
	}
}

// letras escribe un multiconjunto como fichas seguidas, el comodín "?" y
// las fichas de varias letras entre corchetes.
func letras(m letra.Multiconjunto, alf *letra.Alfabeto) string {
	var b strings.Builder
	for l := range m.Todas() {
		switch s := alf.Simbolo(l); {
		case l == letra.Comodin:
			b.WriteString("?")
		case utf8.RuneCountInString(s) > 1:
			b.WriteString("[" + s + "]") // CH, LL, RR: como en la notación
		default:
			b.WriteString(s)
		}
	}
	return b.String()
}

// texto escribe una elección en la notación.
func (c *consola) texto(e generador.Eleccion) string {
	jg := notacion.Jugada{Fichas: ocurrencia.Nueva(e.Jugada.Fichas...), Cambio: e.Cambiadas}
	s, err := notacion.Formatear(jg, c.j.Tablero())
	if err != nil {
		return e.String()
	}
	return s
}

// jugadas lista las n mejores elecciones por equidad.
func (c *consola) jugadas(n int) {
	mano, _ := c.j.Fichas(c.j.Turno())
	c.ultimas = generador.MejoresPorEquidad(c.g, c.j, mano, c.hojas, n, nil)
	fmt.Fprintf(c.salida, "%3s  %-22s %6s %7s %8s\n", "", "jugada", "puntos", "hoja", "equidad")
	for i, e := range c.ultimas {
		fmt.Fprintf(c.salida, "%3d  %-22s %6d %7.1f %8.1f\n", i+1, c.texto(e), e.Jugada.Puntos, e.Hoja, e.Equidad)
	}
}

func (c *consola) inferencia(ctx context.Context) (*inferencia.Inferencia, error) {
	antes, turno, noVistas, err := inferencia.UltimoTurno(c.j)
	if err != nil {
		return nil, err
	}
	return inferencia.Inferir(ctx, antes, turno, noVistas, c.hojas, inferencia.Opciones{})
}

func (c *consola) inferir() error {
	ctx, cancel := context.WithTimeout(context.Background(), c.tiempo)
	defer cancel()
	in, err := c.inferencia(ctx)
	if err != nil {
		return err
	}
	alf := c.j.Variante().Alfabeto()
	switch in.Turno.Tipo {
	case juego.SucesoColocacion:
		fmt.Fprintf(c.salida, "el rival puso %s (%d puntos)\n", letras(in.Turno.Puestas, alf), in.Turno.Puntos)
	case juego.SucesoCambio:
		fmt.Fprintf(c.salida, "el rival cambió %d fichas\n", in.Turno.Cambiadas)
	default:
		fmt.Fprintln(c.salida, "el rival pasó")
	}
	if !in.Informativa() {
		fmt.Fprintln(c.salida, "no dice nada de su mano")
		return nil
	}
	completa := "todas juzgadas"
	if !in.Completa {
		completa = fmt.Sprintf("%d juzgadas antes del plazo", in.Examinadas)
	}
	fmt.Fprintf(c.salida, "se quedó %d fichas: quedan %d de %d hojas posibles (%s)\n", in.Tamano, in.Len(), in.Posibles, completa)
	k := 0
	for h, p := range in.Hojas() {
		fmt.Fprintf(c.salida, "  %-8s %5.1f %%\n", letras(h, alf), 100*p)
		if k++; k == 10 {
			break
		}
	}
	return nil
}

func (c *consola) simular(n int) error {
	ctx, cancel := context.WithTimeout(context.Background(), c.tiempo)
	defer cancel()
	// Más candidatas que simulacion.MaxCandidatas son todas las jugadas.
	n = min(n, simulacion.MaxCandidatas)
	op := simulacion.Opciones{Candidatas: n, Hojas: c.hojas, Iteraciones: c.iteraciones, Semilla: 1, Lote: 64}
	if in, err := c.inferencia(ctx); err == nil && in.Informativa() {
		op.Inferencia = in
		fmt.Fprintf(c.salida, "la mano del rival, de la inferencia (%d hojas)\n", in.Len())
	}
	var final simulacion.Resultado
	for r, err := range simulacion.Progreso(ctx, c.j, op) {
		if err != nil {
			return err
		}
		vivas := 0
		for _, x := range r.Candidatas {
			if !x.Podada {
				vivas++
			}
		}
		mejor, _ := r.Mejor()
		fmt.Fprintf(c.salida, "  iteración %4d: %2d vivas, la mejor %s %.1f ± %.1f\n", r.Iteraciones, vivas, c.texto(mejor.Eleccion), mejor.Media, mejor.Error)
		final = r
	}
	fmt.Fprintf(c.salida, "%3s  %-22s %8s %7s %6s %6s %5s\n", "", "jugada", "equidad", "media", "error", "gana", "iter")
	c.ultimas = c.ultimas[:0]
	for i, x := range final.Candidatas {
		podada := ""
		if x.Podada {
			podada = " podada"
		}
		fmt.Fprintf(c.salida, "%3d  %-22s %8.1f %7.1f %6.1f %5.1f%% %5d%s\n", i+1, c.texto(x.Eleccion), x.Eleccion.Equidad, x.Media, x.Error, 100*x.Victorias, x.Iteraciones, podada)
		c.ultimas = append(c.ultimas, x.Eleccion)
	}
	return nil
}

// final es la orden "final [d] [n]": resuelve el final en el plazo d (por
// omisión -tiempo), solo la mejor línea o, con n, también el valor de las
// n mejores primeras jugadas.
func (c *consola) final(arg string) error {
	plazo, alternativas := c.tiempo, 0
	for _, campo := range strings.Fields(arg) {
		if d, err := time.ParseDuration(campo); err == nil && d > 0 {
			plazo = d
		} else if n, err := strconv.Atoi(campo); err == nil && n > 0 {
			alternativas = n
		} else {
			return fmt.Errorf("%q no es un plazo (30s) ni una cantidad de alternativas", campo)
		}
	}
	if c.j.LetrasEnRepositorio() > 0 {
		return fmt.Errorf("la bolsa tiene %d fichas: el final se resuelve con la bolsa vacía", c.j.LetrasEnRepositorio())
	}
	ctx, cancel := context.WithTimeout(context.Background(), plazo)
	defer cancel()
	r, err := final.Resolver(ctx, c.j, final.Opciones{Alternativas: alternativas})
	if err != nil {
		return err
	}
	probado := "probado"
	if !r.Probado {
		probado = fmt.Sprintf("sin probar: lo mejor de %d plies en %v", r.Plies, plazo)
	}
	fmt.Fprintf(c.salida, "valor %+d (%s, %d nodos)\n", r.Valor, probado, r.Nodos)
	if !r.Probado {
		fmt.Fprintf(c.salida, "el valor puede cambiar: con más tiempo se probaría (\"final %v\", o -tiempo)\n", 10*plazo)
	}
	for i, p := range r.Linea {
		fmt.Fprintf(c.salida, "  %2d. %s\n", i+1, p)
	}
	for _, a := range r.Alternativas {
		fmt.Fprintf(c.salida, "  alternativa %s: %+d\n", a.Paso, a.Valor)
	}
	return nil
}

func (c *consola) jugar(texto string) error {
	if texto == "" {
		return errors.New("falta la jugada")
	}
	var jg notacion.Jugada
	if n, err := strconv.Atoi(texto); err == nil {
		if n < 1 || n > len(c.ultimas) {
			return fmt.Errorf("no hay jugada %d en la última lista", n)
		}
		e := c.ultimas[n-1]
		jg = notacion.Jugada{Fichas: ocurrencia.Nueva(e.Jugada.Fichas...), Cambio: e.Cambiadas}
	} else if jg, err = notacion.Parsear(texto, c.j.Tablero()); err != nil {
		return err
	}
	escrita, _ := notacion.Formatear(jg, c.j.Tablero())
	antes := c.j.Clonar()
	var puntos int
	var err error
	switch jg.Tipo() {
	case notacion.Colocacion:
		puntos, err = c.j.Ubicar(jg.Fichas)
	case notacion.Cambio:
		err = c.j.Cambiar(jg.Cambio)
	default:
		err = c.j.Pasar()
	}
	if err != nil {
		c.j = antes
		return err
	}
	c.anteriores = append(c.anteriores, antes)
	c.ultimas = nil
	fmt.Fprintf(c.salida, "jugada %s: %d puntos\n", escrita, puntos)
	return nil
}
