package final_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/internal/pruebas"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/cgp"
	"github.com/juegodepalabras/palabras/juego/gcg"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/variante"
	"github.com/juegodepalabras/palabras/variante/espanol"
)

// Las posiciones de testdata/finales: finales reales (registros GCG de
// juego/gcg/testdata/reales y el final de Maven) y de partidas del bot
// experto contra sí mismo, en inglés y en español, cada una un CGP con su
// fuente (la operación "fuente"), su valor probado ("valor") y una línea
// que lo da ("linea": los pasos separados por comas, cada uno en la
// notación de juego/notacion con sus puntos).

var generar = flag.Bool("generar", false, "rehacer testdata/finales (las posiciones y sus valores)")

// posicion es una posición de testdata/finales.
type posicion struct {
	nombre string
	p      *cgp.Posicion
	j      *juego.Juego
	valor  int
	linea  string
}

// varianteDe devuelve la variante del léxico de un CGP: la española
// clásica para FILE2017, la inglesa con SOWPODS para los demás.
func varianteDe(t testing.TB, lex string) *variante.Variante {
	if strings.HasPrefix(lex, "FILE") || strings.HasPrefix(lex, "FISE") {
		return espanol.Clasica()
	}
	return pruebas.Ingles(t)
}

// leerPosiciones lee las posiciones de testdata/finales.
func leerPosiciones(t testing.TB) []posicion {
	t.Helper()
	archivos, err := filepath.Glob("testdata/finales/*.cgp")
	require.NoError(t, err)
	require.NotEmpty(t, archivos)
	var res []posicion
	for _, a := range archivos {
		datos, err := os.ReadFile(a)
		require.NoError(t, err)
		texto := strings.TrimSpace(string(datos))
		lex := ""
		if i := strings.Index(texto, "lex "); i >= 0 {
			lex = strings.Fields(texto[i+4:])[0]
			lex = strings.TrimSuffix(lex, ";")
		}
		v := varianteDe(t, lex)
		p, err := cgp.Parsear(texto, cgp.Opciones{Variante: v})
		require.NoError(t, err, a)
		j, err := p.Juego()
		require.NoError(t, err, a)
		pos := posicion{nombre: strings.TrimSuffix(filepath.Base(a), ".cgp"), p: p, j: j, valor: -1 << 30}
		if s, ok := p.Operacion("valor"); ok {
			pos.valor, err = strconv.Atoi(s)
			require.NoError(t, err, a)
		}
		pos.linea, _ = p.Operacion("linea")
		res = append(res, pos)
	}
	return res
}

// TestGenerarPosiciones rehace testdata/finales con -generar: extrae los
// finales de los registros reales y de partidas del bot, los resuelve y
// los escribe con su valor y su línea.
func TestGenerarPosiciones(t *testing.T) {
	if !*generar {
		t.Skip("solo con -generar")
	}
	dir := "testdata/finales"
	require.NoError(t, os.MkdirAll(dir, 0o755))
	var nuevas []struct {
		nombre, fuente, lex string
		j                   *juego.Juego
	}
	agregar := func(nombre, fuente, lex string, j *juego.Juego) {
		nuevas = append(nuevas, struct {
			nombre, fuente, lex string
			j                   *juego.Juego
		}{nombre, fuente, lex, j})
	}
	// Los registros reales: la primera posición con la bolsa vacía, si las
	// dos manos tienen al menos dos fichas.
	ing := pruebas.Ingles(t)
	o := gcg.Opciones{Variante: ing, Lexicos: map[string]*variante.Variante{"CSW": ing, "NWL": ing, "FISE": espanol.Clasica()}}
	archivos, _ := filepath.Glob("../../juego/gcg/testdata/reales/*.gcg")
	for _, a := range archivos {
		datos, err := os.ReadFile(a)
		require.NoError(t, err)
		p, err := gcg.Leer(bytes.NewReader(datos), o)
		if err != nil {
			continue // los dos registros malos a propósito
		}
		for n := 0; n <= p.Juego.Tiempo(); n++ {
			pos, err := p.Posicion(n)
			require.NoError(t, err)
			if len(pos.Repositorio) > 0 {
				continue
			}
			if pos.Manos[0].Tamano() >= 2 && pos.Manos[1].Tamano() >= 2 {
				j, err := juego.DesdePosicion(p.Juego.Variante(), pos)
				require.NoError(t, err)
				lex := p.Lexico
				if lex == "" {
					lex = "CSW"
				}
				base := strings.TrimSuffix(filepath.Base(a), ".gcg")
				agregar("en-"+base, "juego/gcg/testdata/reales/"+filepath.Base(a)+" turno "+strconv.Itoa(n), lex, j)
			}
			break
		}
	}
	// El final de Maven (open-protocols, cgp/README.md).
	maven := "5BERGS5/4PA3U5/2QAID3R5/3BEE3F2S2/1P1ET2VIATIC2/MA1TAW3c2H2/ES3IS2E2A2/AT1FOLIA4V2/LI1L1EX1E6/1N1O1D2N2Y3/1GNU2C1JETE3/2ER2OHO2N3/2O3GOY6/1INDOW1U7/4DORR7 IKLMTZ/AEINRU? 0/0 0 lex OSPD1;"
	pm, err := cgp.Parsear(maven, cgp.Opciones{Variante: ing})
	require.NoError(t, err)
	jm, err := pm.Juego()
	require.NoError(t, err)
	agregar("en-maven", "woogles-io/open-protocols cgp/README.md, el final de Maven", "OSPD1", jm)
	// Partidas del bot experto contra sí mismo.
	for _, c := range []struct {
		pre, lex string
		v        *variante.Variante
		n        int
	}{{"es-bot", "FILE2017", espanol.Clasica(), 8}, {"en-bot", "CSW", ing, 6}} {
		g, err := generador.Nuevo(c.v, generador.Opciones{})
		require.NoError(t, err)
		b, err := bot.Nuevo(bot.Experto, g)
		require.NoError(t, err)
		for semilla := uint64(1); len(nuevas) < 100 && semilla < 100; semilla++ {
			r, err := c.v.Repositorio(2, semilla)
			require.NoError(t, err)
			j, err := juego.Nuevo(2, c.v, r)
			require.NoError(t, err)
			for j.LetrasEnRepositorio() > 0 {
				if _, fin := j.Terminada(); fin {
					break
				}
				elegida, _ := b.Elegir(context.Background(), j)
				_, err := elegida.Aplicar(j)
				require.NoError(t, err)
			}
			if _, fin := j.Terminada(); fin {
				continue
			}
			nj, err := juego.DesdePosicion(c.v, j.Posicion())
			require.NoError(t, err)
			agregar(fmt.Sprintf("%s-%02d", c.pre, semilla), fmt.Sprintf("bot experto contra sí mismo, semilla %d", semilla), c.lex, nj)
			// Y dos jugadas del experto después: un final más corto.
			for range 2 {
				if _, fin := j.Terminada(); !fin {
					elegida, _ := b.Elegir(context.Background(), j)
					_, err := elegida.Aplicar(j)
					require.NoError(t, err)
				}
			}
			if _, fin := j.Terminada(); !fin {
				nj, err := juego.DesdePosicion(c.v, j.Posicion())
				require.NoError(t, err)
				agregar(fmt.Sprintf("%s-%02d-2", c.pre, semilla), fmt.Sprintf("bot experto contra sí mismo, semilla %d, dos jugadas después de vaciarse la bolsa", semilla), c.lex, nj)
			}
			if c.n--; c.n == 0 {
				break
			}
		}
	}
	for _, n := range nuevas {
		p := &cgp.Posicion{Posicion: n.j.Posicion()}
		p.Repositorio = nil
		p.Operaciones = []cgp.Operacion{{Codigo: "lex", Valor: n.lex}, {Codigo: "fuente", Valor: n.fuente}}
		texto, err := cgp.Formatear(p)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, n.nombre+".cgp"), []byte(texto+"\n"), 0o644))
	}
}

var (
	resolver = flag.Bool("resolver", false, "resolver las posiciones de testdata/finales que no tienen valor")
	plazo    = flag.Duration("plazo", time.Minute, "con -resolver, el plazo de cada posición")
)

// TestResolverPosiciones, con -resolver, resuelve las posiciones de
// testdata/finales que no tienen valor y les agrega el valor y la línea.
func TestResolverPosiciones(t *testing.T) {
	if !*resolver {
		t.Skip("solo con -resolver")
	}
	for _, pos := range leerPosiciones(t) {
		if pos.valor != -1<<30 {
			continue
		}
		ctx, cancel := context.WithTimeout(context.Background(), *plazo)
		ini := time.Now()
		res, err := final.Resolver(ctx, pos.j, final.Opciones{})
		cancel()
		require.NoError(t, err)
		t.Logf("%s: valor %d probado %v en %v, %d nodos", pos.nombre, res.Valor, res.Probado, time.Since(ini), res.Nodos)
		if !res.Probado {
			continue
		}
		var pasos []string
		for _, x := range res.Linea {
			pasos = append(pasos, x.String())
		}
		p := pos.p
		p.Operaciones = append(p.Operaciones,
			cgp.Operacion{Codigo: "valor", Valor: strconv.Itoa(res.Valor)},
			cgp.Operacion{Codigo: "linea", Valor: strings.Join(pasos, ", ")})
		texto, err := cgp.Formatear(p)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join("testdata/finales", pos.nombre+".cgp"), []byte(texto+"\n"), 0o644))
	}
}

// fichas devuelve cuántas fichas tiene cada mano de j.
func fichas(j *juego.Juego) (int, int) {
	a, _ := j.Fichas(j.Turno())
	b, _ := j.Fichas(1 - j.Turno())
	return a.Tamano(), b.Tamano()
}

// repetirTexto juega sobre una copia de j la línea escrita en la operación
// "linea" de una posición y devuelve cuánto cambió la diferencia de puntos
// del jugador en turno; cada paso debe sumar los puntos escritos y la
// línea, terminar la partida.
func repetirTexto(t *testing.T, j *juego.Juego, linea string) int {
	c := j.Clonar()
	turno := j.Turno()
	antes := diferencia(c, turno)
	for _, s := range strings.Split(linea, ", ") {
		_, fin := c.Terminada()
		require.False(t, fin, "la partida terminó antes de %q", s)
		i := strings.LastIndex(s, " +")
		require.Positive(t, i, s)
		pts, err := strconv.Atoi(s[i+2:])
		require.NoError(t, err, s)
		jug, err := notacion.Parsear(s[:i], c.Tablero())
		require.NoError(t, err, s)
		obtenidos, err := c.Ubicar(jug.Fichas)
		require.NoError(t, err, s)
		require.Equal(t, pts, obtenidos, s)
	}
	_, fin := c.Terminada()
	require.True(t, fin, "la línea %q no termina la partida", linea)
	return diferencia(c, turno) - antes
}

// Las líneas de testdata/finales, repetidas con juego.Juego, dan el valor
// escrito; al menos 20 posiciones tienen valor, en inglés y en español.
func TestLineasPosiciones(t *testing.T) {
	con := map[string]int{}
	for _, pos := range leerPosiciones(t) {
		if pos.valor == -1<<30 {
			continue
		}
		require.NotEmpty(t, pos.linea, pos.nombre)
		require.Equal(t, pos.valor, repetirTexto(t, pos.j, pos.linea), pos.nombre)
		con[pos.nombre[:2]]++
	}
	require.GreaterOrEqual(t, con["en"]+con["es"], 20, "%v", con)
	require.Positive(t, con["en"])
	require.Positive(t, con["es"])
}

// El resolvedor da el valor escrito de las posiciones de testdata/finales
// y su línea lo repite con juego.Juego: las de a lo sumo 8 fichas en las
// dos manos (6 con -short), o todas con PALABRAS_LARGAS=1.
func TestPosiciones(t *testing.T) {
	r := map[*variante.Variante]*final.Resolvedor{}
	maxFichas := 8
	if testing.Short() {
		maxFichas = 6
	}
	for _, pos := range leerPosiciones(t) {
		a, b := fichas(pos.j)
		if pos.valor == -1<<30 || a+b > maxFichas && !pruebas.Largas() {
			continue
		}
		v := pos.j.Variante()
		if r[v] == nil {
			var err error
			r[v], err = final.Nuevo(v, final.Opciones{MBTabla: 16})
			require.NoError(t, err)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		res, err := r[v].Resolver(ctx, pos.j)
		cancel()
		require.NoError(t, err)
		require.True(t, res.Probado, pos.nombre)
		require.Equal(t, pos.valor, res.Valor, pos.nombre)
		require.Equal(t, pos.valor, repetir(t, pos.j, res.Linea, true), pos.nombre)
	}
}

// Con más hilos que núcleos (se reparten las jugadas de la raíz: cada uno
// deja para el final de la pasada las que otro está buscando) el valor es
// el mismo: las posiciones de testdata/finales de a lo sumo 8 fichas en las
// dos manos (6 con -short), con 8 hilos.
func TestPosicionesHilos(t *testing.T) {
	maxFichas := 8
	if testing.Short() {
		maxFichas = 6
	}
	probadas := 0
	for _, pos := range leerPosiciones(t) {
		a, b := fichas(pos.j)
		if pos.valor == -1<<30 || a+b > maxFichas {
			continue
		}
		r, err := final.Nuevo(pos.j.Variante(), final.Opciones{Hilos: 8, MBTabla: 4})
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		res, err := r.Resolver(ctx, pos.j)
		cancel()
		require.NoError(t, err)
		require.True(t, res.Probado, pos.nombre)
		require.Equal(t, pos.valor, res.Valor, pos.nombre)
		probadas++
	}
	require.Positive(t, probadas)
}

// BenchmarkFinales resuelve cada posición con valor de testdata/finales,
// con un Resolvedor nuevo en cada vuelta (la tabla vacía), en un plazo de
// un minuto. Informa los nodos, los nodos por segundo, los plies, el
// valor y si lo probó; con -cpu 1,2 busca con uno y dos hilos.
func BenchmarkFinales(b *testing.B) {
	for _, pos := range leerPosiciones(b) {
		if pos.valor == -1<<30 {
			continue
		}
		a, c := fichas(pos.j)
		b.Run(fmt.Sprintf("%s/%dv%d", pos.nombre, a, c), func(b *testing.B) {
			resolverBench(b, pos, final.Opciones{})
		})
	}
}

// resolverBench resuelve la posición b.N veces con las opciones op.
func resolverBench(b *testing.B, pos posicion, op final.Opciones) {
	b.ReportAllocs()
	var nodos int64
	var res final.Resultado
	probados := 0
	var cpu time.Duration
	for range b.N {
		b.StopTimer()
		r, err := final.Nuevo(pos.j.Variante(), op)
		require.NoError(b, err)
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cpu0 := tiempoCPU()
		b.StartTimer()
		res, err = r.Resolver(ctx, pos.j)
		b.StopTimer()
		cpu += tiempoCPU() - cpu0
		cancel()
		require.NoError(b, err)
		nodos += res.Nodos
		if res.Probado {
			probados++
			require.Equal(b, pos.valor, res.Valor, pos.nombre)
		}
		b.StartTimer()
	}
	// El tiempo de CPU del proceso durante Resolver (sin armar el
	// Resolvedor, que la primera vez arma el GADDAG de la variante): en una
	// máquina cargada, el de reloj no dice cuánto buscó.
	b.ReportMetric(cpu.Seconds()/float64(b.N), "s-cpu/op")
	b.ReportMetric(float64(nodos)/float64(b.N), "nodos/op")
	b.ReportMetric(float64(nodos)/b.Elapsed().Seconds(), "nodos/s")
	b.ReportMetric(float64(res.Plies), "plies")
	b.ReportMetric(float64(res.Valor), "valor")
	b.ReportMetric(float64(probados)/float64(b.N), "probado")
}

// BenchmarkTecnicas mide lo que aporta cada técnica apagándola, en tres
// posiciones medianas: sin tabla de transposición, sin orden de jugadas
// (los hilos se comparan con -cpu 1,2).
func BenchmarkTecnicas(b *testing.B) {
	quiero := map[string]bool{"es-bot-07-2": true, "es-bot-05": true, "en-bot-03-2": true}
	for _, pos := range leerPosiciones(b) {
		if !quiero[pos.nombre] || pos.valor == -1<<30 {
			continue
		}
		for _, c := range []struct {
			nombre string
			op     final.Opciones
		}{{"todo", final.Opciones{}}, {"sin-tabla", final.Opciones{SinTransposicion: true}}, {"sin-orden", final.Opciones{SinOrden: true}}} {
			b.Run(pos.nombre+"/"+c.nombre, func(b *testing.B) { resolverBench(b, pos, c.op) })
		}
	}
}

// Con un plazo que vence o un límite de plies, Resolver da una línea que
// se puede jugar, sin probar; con Alternativas, las primeras jugadas de
// mejor a peor, la primera con el valor del resultado.
func TestPlazoYPlies(t *testing.T) {
	var pos posicion
	for _, p := range leerPosiciones(t) {
		if p.nombre == "es-bot-07" {
			pos = p
		}
	}
	require.NotNil(t, pos.j)
	r, err := final.Nuevo(pos.j.Variante(), final.Opciones{MBTabla: 8, Alternativas: 3})
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	res, err := r.Resolver(ctx, pos.j)
	cancel()
	require.NoError(t, err)
	require.False(t, res.Probado)
	require.NotEmpty(t, res.Linea)
	repetir(t, pos.j, res.Linea, false)

	r, err = final.Nuevo(pos.j.Variante(), final.Opciones{MBTabla: 8, Plies: 2, Alternativas: 3})
	require.NoError(t, err)
	res, err = r.Resolver(context.Background(), pos.j)
	require.NoError(t, err)
	require.False(t, res.Probado)
	require.Equal(t, 2, res.Plies)
	require.NotEmpty(t, res.Linea)
	require.LessOrEqual(t, len(res.Linea), 2)
	repetir(t, pos.j, res.Linea, false)
	require.Len(t, res.Alternativas, 3)
	require.Equal(t, res.Valor, res.Alternativas[0].Valor)
	require.Equal(t, res.Linea[0].Jugada, res.Alternativas[0].Paso.Jugada)
	for i := 1; i < len(res.Alternativas); i++ {
		require.GreaterOrEqual(t, res.Alternativas[i-1].Valor, res.Alternativas[i].Valor)
	}
}

var (
	medirNodos = flag.Bool("nodos", false, "medir los nodos de los 17 finales de 7 fichas")
	topeNodos  = flag.Int64("tope", 20_000_000, "con -nodos, el tope de nodos de cada final (0: sin tope)")
	soloPos    = flag.String("pos", "", "con -nodos, solo las posiciones cuyo nombre cumple esta expresión regular")
	hilosNodos = flag.Int("hilos", 1, "con -nodos, los hilos de la búsqueda")
	plazoNodos = flag.Duration("limite", 0, "con -nodos, el plazo de cada final (0: sin plazo)")
	todasNodos = flag.Bool("todas", false, "con -nodos, todas las posiciones de testdata/finales, no solo las de 7 fichas")
)

// TestNodosFinales, con -nodos, resuelve los finales de testdata/finales
// en que el jugador en turno tiene 7 fichas (sin los "-2"; con -todas,
// todas), con un hilo
// (-hilos), un tope de nodos (-tope) y un plazo (-limite), e informa los
// nodos, las listas de jugadas generadas (y cuántas fueron de las salidas
// del rival y no hallaron ninguna), si lo probó, el valor y los tiempos de
// CPU y de reloj: con un hilo, los nodos y las generaciones no dependen de
// la carga.
func TestNodosFinales(t *testing.T) {
	if !*medirNodos {
		t.Skip("solo con -nodos")
	}
	re := regexp.MustCompile(*soloPos)
	var total, probados int
	var suma float64
	for _, pos := range leerPosiciones(t) {
		a, c := fichas(pos.j)
		if !*todasNodos && (a != 7 || strings.HasSuffix(pos.nombre, "-2")) || !re.MatchString(pos.nombre) {
			continue
		}
		r, err := final.Nuevo(pos.j.Variante(), final.ConTopeNodos(final.Opciones{Hilos: *hilosNodos, MBTabla: *mbNodos}, *topeNodos))
		require.NoError(t, err)
		ctx, cancel := context.Background(), func() {}
		if *plazoNodos > 0 {
			ctx, cancel = context.WithTimeout(ctx, *plazoNodos)
		}
		cpu0, ini := tiempoCPU(), time.Now()
		res, err := r.Resolver(ctx, pos.j)
		cpu, reloj := tiempoCPU()-cpu0, time.Since(ini)
		cancel()
		require.NoError(t, err)
		if res.Probado && pos.valor != -1<<30 {
			require.Equal(t, pos.valor, res.Valor, pos.nombre)
		}
		total++
		if res.Probado {
			probados++
		}
		suma += float64(res.Nodos)
		gen, sal, vacias := final.Generaciones(r)
		t.Logf("%-40s %dv%d valor %4d probado %-5v plies %3d nodos %10d generaciones %10d (salidas del rival %d, %d sin ninguna) cpu %7.3f s reloj %7.3f s",
			pos.nombre, a, c, res.Valor, res.Probado, res.Plies, res.Nodos, gen, sal, vacias, cpu.Seconds(), reloj.Seconds())
	}
	t.Logf("%d finales, %d probados, %.0f nodos en total", total, probados, suma)
}
