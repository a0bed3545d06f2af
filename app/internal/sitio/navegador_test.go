package sitio

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/juegodepalabras/palabras/bot"
	"github.com/juegodepalabras/palabras/juego"
)

// Las variables de entorno del navegador de las pruebas: la ruta explícita
// de un Chromium (o Chrome), y la que pide saltar las pruebas del navegador
// cuando no hay ninguno.
const (
	VariableNavegador    = "PALABRAS_NAVEGADOR"
	VariableSinNavegador = "PALABRAS_SIN_NAVEGADOR"
)

// nombresNavegador son los nombres usuales de Chromium y Chrome en el PATH.
var nombresNavegador = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// buscarNavegador devuelve la ruta del navegador: la de $PALABRAS_NAVEGADOR
// si está definida (y existe), o el primero de nombresNavegador que esté en
// el PATH.
func buscarNavegador() (string, error) {
	if ruta := os.Getenv(VariableNavegador); ruta != "" {
		if _, err := os.Stat(ruta); err != nil {
			return "", fmt.Errorf("$%s=%s: %w", VariableNavegador, ruta, err)
		}
		return ruta, nil
	}
	for _, n := range nombresNavegador {
		if ruta, err := exec.LookPath(n); err == nil {
			return ruta, nil
		}
	}
	return "", fmt.Errorf("no hay %s en el PATH", strings.Join(nombresNavegador, ", ni "))
}

// sinNavegador: el mensaje de la falta del navegador se da una sola vez
// (como fallo); las demás pruebas del navegador se saltan remitiendo a él.
var sinNavegador sync.Once

// faltaNavegador informa que no hay navegador: la prueba falla (go test
// muestra la salida solo de los paquetes que fallan: un salto pasaría como
// "ok"), salvo que se pida saltarla con $PALABRAS_SIN_NAVEGADOR=1.
func faltaNavegador(t *testing.T, err error) {
	t.Helper()
	msj := fmt.Sprintf("las pruebas en el navegador necesitan Chromium o Chrome (%v): instálelo (apt-get install -y chromium; .ci/run lo instala), "+
		"dé su ruta con $%s, o sáltelas a sabiendas con $%s=1", err, VariableNavegador, VariableSinNavegador)
	if os.Getenv(VariableSinNavegador) == "1" {
		t.Skip("se saltan por $" + VariableSinNavegador + "=1: " + msj)
	}
	primera := false
	sinNavegador.Do(func() { primera = true })
	if !primera {
		t.Skip("sin navegador: ver el fallo de la primera prueba del navegador")
	}
	t.Fatal(msj)
}

// pestana es una pestaña de un Chromium sin ventana: su contexto de
// chromedp y los errores de JavaScript que aparecieron en ella.
type pestana struct {
	ctx    context.Context
	mu     sync.Mutex
	fallas []string
}

// navegador abre un Chromium sin ventana, con un perfil nuevo y la ventana
// de ancho×alto, y devuelve su primera pestaña. Sin navegador, la prueba
// falla con un mensaje que dice cómo instalarlo o saltarla (faltaNavegador).
// Al terminar la prueba, falla si hubo excepciones de JavaScript.
func navegador(t *testing.T, ancho, alto int) *pestana {
	t.Helper()
	ruta, err := buscarNavegador()
	if err != nil {
		faltaNavegador(t, err)
	}
	// El perfil no es t.TempDir: al matar el navegador, sus procesos hijos
	// pueden escribir en él un momento más, y el borrado de t.TempDir falla
	// una vez (se vio en la integración continua). Se borra después de
	// cerrar el navegador (las limpiezas corren al revés de como se
	// registran), reintentando hasta 5 s.
	perfil, err := os.MkdirTemp("", "palabras-chromium-")
	require.NoError(t, err)
	t.Cleanup(func() { borrarPerfil(t, perfil) })
	op := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(ruta),
		chromedp.Flag("headless", true),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("lang", "es"),
		chromedp.Flag("accept-lang", "es-ES,es"),
		chromedp.Env("LANG=es_ES.UTF-8", "LANGUAGE=es"),
		chromedp.UserDataDir(perfil),
		chromedp.WindowSize(ancho, alto),
	}
	actx, cancelarA := chromedp.NewExecAllocator(context.Background(), op...)
	t.Cleanup(cancelarA)
	return nuevaPestana(t, actx, false)
}

// borrarPerfil borra el directorio del perfil del navegador, reintentando
// mientras los procesos que quedan del navegador terminan de escribir.
func borrarPerfil(t *testing.T, dir string) {
	var err error
	for range 50 {
		if err = os.RemoveAll(dir); err == nil {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Errorf("no se pudo borrar el perfil del navegador %s: %v", dir, err)
}

// otroContexto abre una pestaña en otro contexto del mismo navegador (como
// otra persona: sin cookies ni almacenamiento en común).
func otroContexto(t *testing.T, p *pestana) *pestana {
	t.Helper()
	return nuevaPestana(t, p.ctx, true)
}

func nuevaPestana(t *testing.T, padre context.Context, aparte bool) *pestana {
	t.Helper()
	// Los avisos de eventos que esta versión de cdproto no conoce (el
	// Chromium del sistema puede ser más nuevo) no son errores de la
	// prueba.
	op := []chromedp.ContextOption{chromedp.WithNewBrowserContext()}
	if !aparte {
		op = []chromedp.ContextOption{chromedp.WithErrorf(func(string, ...any) {})}
	}
	ctx, cancelar := chromedp.NewContext(padre, op...)
	t.Cleanup(cancelar)
	p := &pestana{ctx: ctx}
	chromedp.ListenTarget(ctx, func(ev any) {
		if e, ok := ev.(*runtime.EventExceptionThrown); ok {
			p.mu.Lock()
			p.fallas = append(p.fallas, e.ExceptionDetails.Error())
			p.mu.Unlock()
		}
	})
	require.NoError(t, chromedp.Run(ctx)) // arranca el navegador o la pestaña
	t.Cleanup(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		require.Empty(t, p.fallas, "excepciones de JavaScript")
	})
	return p
}

// hacer corre acciones en la pestaña, con un tiempo máximo.
func (p *pestana) hacer(t *testing.T, acciones ...chromedp.Action) {
	t.Helper()
	ctx, cancelar := context.WithTimeout(p.ctx, time.Minute)
	defer cancelar()
	require.NoError(t, chromedp.Run(ctx, acciones...))
}

// eval evalúa una expresión de JavaScript (esperando la promesa, si es una)
// y decodifica su valor en res.
func (p *pestana) eval(t *testing.T, js string, res any) {
	t.Helper()
	p.hacer(t, chromedp.Evaluate(js, res, func(ep *runtime.EvaluateParams) *runtime.EvaluateParams {
		return ep.WithAwaitPromise(true)
	}))
}

// texto devuelve el texto de un elemento.
func (p *pestana) texto(t *testing.T, sel string) string {
	t.Helper()
	var s string
	p.hacer(t, chromedp.Text(sel, &s, chromedp.ByQuery))
	return s
}

// esperar espera a que la expresión de JavaScript sea verdadera.
func esperar(js string) chromedp.Action {
	return chromedp.Poll(js, nil, chromedp.WithPollingTimeout(30*time.Second))
}

func clic(sel string) chromedp.Action { return chromedp.Click(sel, chromedp.ByQuery) }

func visible(sel string) chromedp.Action { return chromedp.WaitVisible(sel, chromedp.ByQuery) }

// darseDeAlta crea la cuenta nombre desde la página de entrada.
func darseDeAlta(t *testing.T, p *pestana, base, nombre, contrasena string) {
	t.Helper()
	p.hacer(t, chromedp.Navigate(base), visible(`#alta-nombre`),
		chromedp.SendKeys(`#alta-nombre`, nombre, chromedp.ByQuery),
		chromedp.SendKeys(`#alta-contrasena`, contrasena, chromedp.ByQuery),
		clic(`#btn-alta`), visible(`#btn-crear`))
}

// dirDocs es docs/ de la raíz del repositorio, visto desde este paquete.
var dirDocs = filepath.Join("..", "..", "..", "docs")

// capturar guarda una captura de la pestaña en docs/ si
// PALABRAS_CAPTURA=1.
func capturar(t *testing.T, p *pestana, nombre string) {
	t.Helper()
	if os.Getenv("PALABRAS_CAPTURA") == "" {
		return
	}
	var png []byte
	p.hacer(t, chromedp.FullScreenshot(&png, 100))
	require.NoError(t, os.WriteFile(filepath.Join(dirDocs, nombre), png, 0o644))
}

// capturarVista guarda en docs/ lo que se ve de la pestaña (no la página
// entera) si PALABRAS_CAPTURA=1.
func capturarVista(t *testing.T, p *pestana, nombre string) {
	t.Helper()
	if os.Getenv("PALABRAS_CAPTURA") == "" {
		return
	}
	var png []byte
	p.hacer(t, chromedp.CaptureScreenshot(&png))
	require.NoError(t, os.WriteFile(filepath.Join(dirDocs, nombre), png, 0o644))
}

// jugarConClics hace en la página la jugada d (la de un bot sobre el juego
// del servidor): toca cada ficha del atril y su casilla, y elige la letra
// de los comodines. Devuelve los puntos que la página mostró antes de
// enviarla.
func jugarConClics(t *testing.T, p *pestana, pa *partida, d bot.Decision) string {
	t.Helper()
	alf := pa.v.Alfabeto()
	for f := range d.Jugada.Fichas() {
		l := alf.Simbolo(f.Letra)
		if f.Comodin {
			l = "?"
		}
		acciones := []chromedp.Action{clic(fmt.Sprintf(`#atril .ficha[data-letra="%s"]:not(.usada)`, l)),
			clic(fmt.Sprintf(`#tablero .celda[data-f="%d"][data-c="%d"]`, f.Fila, f.Columna))}
		if f.Comodin {
			acciones = append(acciones, clic(fmt.Sprintf(`#letras-comodin button[data-letra="%s"]`, alf.Simbolo(f.Letra))))
		}
		p.hacer(t, acciones...)
	}
	var puntos string
	p.hacer(t, tanteoListo)
	p.eval(t, `document.querySelector('#tanteo').dataset.puntos`, &puntos)
	p.hacer(t, clic(`#btn-jugar`))
	return puntos
}

// tanteoListo espera a que la página muestre el tanteo que el servidor
// mandó para las fichas que se ven puestas.
var tanteoListo = esperar(`['vale', 'no'].includes(document.querySelector('#tanteo').dataset.estado)`)

// laPartida devuelve la única partida en juego de la sala.
func laPartida(t *testing.T, s *Sala) *partida {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	var p *partida
	for _, x := range s.partidas {
		if p == nil || x.id > p.id {
			p = x
		}
	}
	require.NotNil(t, p)
	return p
}

// TestNavegador juega en un Chromium de verdad: se da de alta, crea una
// partida con reloj contra un bot, ve las coordenadas, las fichas por
// salir y los puntos de la jugada antes de enviarla (los mismos que da el
// servidor), ve el rechazo de una jugada inválida, juega tres turnos (la
// jugada la elige un bot sobre el juego del servidor: la prueba decide qué
// tocar, pero todo pasa por la página), se rinde y revisa la partida jugada
// a jugada con el análisis del motor. Con PALABRAS_CAPTURA=1 guarda las
// capturas de la partida y de la revisión en docs/web-partida.png y
// docs/web-revision.png.
func TestNavegador(t *testing.T) {
	if testing.Short() {
		t.Skip("prueba en el navegador: se salta con -short")
	}
	s, base := abrirSala(t, sinCotas(Opciones{RetardoBot: 200 * time.Millisecond}))
	p := navegador(t, 1280, 1000)
	var nav bool
	p.hacer(t, chromedp.Navigate(base), visible(`#form-entrar`))
	p.eval(t, `document.querySelector('#nav').hidden`, &nav)
	require.True(t, nav, "la barra de navegación no se ve antes de entrar")
	darseDeAlta(t, p, base, "Ana", "contraseña de ana")
	require.Equal(t, "Ana", p.texto(t, `#quien`))

	// Una partida contra un bot principiante, con el reloj de torneo.
	p.hacer(t, visible(`#asiento-1`),
		chromedp.SetValue(`#reglas`, "es-clasica", chromedp.ByQuery),
		chromedp.SetValue(`#asiento-1`, "bot:principiante", chromedp.ByQuery),
		chromedp.SetValue(`#reloj`, "1", chromedp.ByQuery),
		clic(`#btn-crear`), visible(`#tablero .celda`))
	pa := laPartida(t, s)
	require.Equal(t, 25*time.Minute, pa.reloj.Inicial)
	var coords []string
	p.eval(t, `[...document.querySelectorAll('#tablero .coord')].map(e => e.textContent)`, &coords)
	require.Equal(t, "A", coords[1])
	require.Equal(t, "O", coords[15])
	require.Equal(t, "1", coords[16])
	require.Equal(t, "15", coords[len(coords)-1])
	require.Len(t, coords, 31)
	var relojes []string
	p.hacer(t, esperar(`document.querySelectorAll('#marcador .reloj').length === 2 && document.querySelector('#marcador .reloj').textContent !== ''`))
	p.eval(t, `[...document.querySelectorAll('#marcador .reloj')].map(e => e.textContent)`, &relojes)
	require.Regexp(t, `^(25:00|24:[45]\d)$`, relojes[0], "el reloj de quien juega, corriendo")
	require.Equal(t, "25:00", relojes[1], "el del bot, parado")
	var pendientes int
	p.eval(t, `+document.querySelector('#pendientes-total').dataset.total`, &pendientes)
	require.Equal(t, 100-7, pendientes, "la bolsa entera menos la mano")
	// La marca de presencia: la suya, conectado (●); el bot no lleva.
	p.hacer(t, esperar(`document.querySelectorAll('#marcador .presencia').length === 1`))
	var marca []string
	p.eval(t, `[...document.querySelectorAll('#marcador .presencia')].map(e => e.className + '|' + e.textContent + '|' + e.closest('.jugador').dataset.i)`, &marca)
	require.Equal(t, []string{"presencia conectado|● |0"}, marca)

	// Una jugada inválida: una ficha suelta en una esquina.
	esperarTurno := esperar(`document.querySelector('#estado-turno').textContent.includes('Es su turno')`)
	p.hacer(t, esperarTurno, clic(`#atril .ficha:not(.usada)`))
	var comodin bool
	p.eval(t, `document.querySelector('#dialogo-comodin').open`, &comodin)
	if comodin {
		p.hacer(t, clic(`#letras-comodin button`))
	}
	// El tanteo, antes de enviarla, ya dice por qué no vale: lo mismo que
	// responde el servidor al enviarla (el motor la rechaza por no cubrir
	// el centro; la página no sabe las reglas).
	p.hacer(t, clic(`#tablero .celda[data-f="0"][data-c="0"]`), tanteoListo)
	var tanteo struct{ Estado, Puntos, Texto string }
	p.eval(t, `({estado: document.querySelector('#tanteo').dataset.estado, puntos: document.querySelector('#tanteo').dataset.puntos,
		texto: document.querySelector('#tanteo').textContent})`, &tanteo)
	require.Equal(t, "no", tanteo.Estado)
	require.Empty(t, tanteo.Puntos)
	require.Contains(t, tanteo.Texto, "Jugada inválida")
	require.Contains(t, tanteo.Texto, juego.ErrFueraDelCentro.Error())
	p.hacer(t, clic(`#btn-jugar`), esperar(`document.querySelector('#mensaje').textContent.length > 0`))
	require.Equal(t, tanteo.Texto, p.texto(t, `#mensaje`), "el tanteo dice lo mismo que el rechazo")
	p.hacer(t, clic(`#btn-recoger`))
	p.eval(t, `document.querySelector('#tanteo').textContent`, &tanteo.Texto)
	require.Empty(t, tanteo.Texto, "sin fichas puestas, sin tanteo")
	require.Zero(t, pa.mesa.Movimientos(), "una jugada rechazada no cambia nada")

	// El estado de la página solo lo escribe actualizar: está congelado, y
	// el enlace que exporta estado.js no se puede reasignar (en modo
	// estricto, como los módulos, cada intento lanza un TypeError).
	var escrituras []string
	p.eval(t, `import("/estado.js").then((m) => [
		function () { "use strict"; m.estado.juego.mano.push("X"); },
		function () { "use strict"; m.estado.vista = "x"; },
		function () { "use strict"; m.estado = {}; },
	].map((f) => { try { f(); return "escribió"; } catch (e) { return e.constructor.name; } })
	.concat([m.estado.juego.mano.length, m.estado.vista].map(String)))`, &escrituras)
	require.Equal(t, []string{"TypeError", "TypeError", "TypeError", "7", "juego"}, escrituras)
	// Mezclar reordena el atril (por actualizar) con las mismas fichas.
	var atriles [2][]string
	atril := `[...document.querySelectorAll('#atril .ficha')].map((f) => f.dataset.letra).sort()`
	p.eval(t, atril, &atriles[0])
	p.hacer(t, clic(`#btn-mezclar`))
	p.eval(t, atril, &atriles[1])
	require.Len(t, atriles[0], 7)
	require.Equal(t, atriles[0], atriles[1])

	// Tres turnos propios, cada uno con la respuesta del bot.
	g, err := s.cat.Generador(pa.v)
	require.NoError(t, err)
	elegir, _ := bot.Nuevo(bot.Avanzado, g)
	for turno := 0; turno < 3; turno++ {
		if turno == 2 {
			// Una ventana baja: para jugar hay que bajar hasta los botones.
			p.hacer(t, chromedp.EmulateViewport(1280, 560))
		}
		p.hacer(t, esperarTurno)
		n := pa.mesa.Movimientos()
		j := pa.mesa.Juego()
		require.Equal(t, 0, j.Turno())
		d, _ := elegir.Elegir(context.Background(), j)
		if d.Tipo != juego.SucesoColocacion {
			p.hacer(t, clic(`#btn-pasar`), clic(`#btn-confirmar-si`))
		} else {
			puntos := jugarConClics(t, p, pa, d)
			require.Equal(t, fmt.Sprint(d.Puntos), puntos, "los puntos que mostró la página antes de enviar")
		}
		p.hacer(t, esperar(fmt.Sprintf(`document.querySelectorAll('#planilla tbody tr').length >= %d`, n+2)))
		r, _, _ := pa.renglon(n)
		if r.Tipo == "jugada" {
			require.Contains(t, p.texto(t, `#planilla tbody tr:nth-child(`+fmt.Sprint(n+1)+`)`), r.Lugar+" "+r.Palabra, "la notación de los jugadores: 8D CASA")
		}
		// Después de jugar, la parte de arriba del tablero se ve.
		var arriba struct{ Top, Alto float64 }
		p.eval(t, `({top: document.querySelector('#tablero').getBoundingClientRect().top, alto: window.innerHeight})`, &arriba)
		require.GreaterOrEqual(t, arriba.Top, -1.0, "el tablero no queda cortado arriba después de jugar (turno %d)", turno)
		require.Less(t, arriba.Top, arriba.Alto, "ni debajo de la vista")
	}
	p.hacer(t, chromedp.EmulateViewport(1280, 1000))
	var ultima int
	p.eval(t, `document.querySelectorAll('#tablero .ficha.ultima').length`, &ultima)
	require.Positive(t, ultima, "la última jugada se resalta")
	j := pa.mesa.Juego()
	mano, _ := j.Fichas(0)
	p.eval(t, `+document.querySelector('#pendientes-total').dataset.total`, &pendientes)
	require.Equal(t, 100-j.Tablero().Ocupadas()-mano.Tamano(), pendientes, "las fichas por salir")
	p.eval(t, `[...document.querySelectorAll('#marcador .reloj')].map(e => e.textContent)`, &relojes)
	require.NotEqual(t, "25:00", relojes[0], "el reloj corrió")
	capturar(t, p, "web-partida.png")

	// Rendirse y revisar.
	p.hacer(t, clic(`#btn-rendirse`), clic(`#btn-confirmar-si`), visible(`#final`))
	final := p.texto(t, `#final`)
	require.Contains(t, final, "Partida terminada")
	require.Contains(t, final, "Ganó Bot principiante")
	require.Contains(t, final, "Ana se rindió", "dice quién se rindió")
	p.hacer(t, clic(`#btn-revisar`), visible(`#rev-tablero .celda`),
		esperar(`document.querySelector('#rev-resumen').textContent.includes('equidad')`))
	n := pa.mesa.Movimientos()
	require.Equal(t, fmt.Sprintf("%d de %d", n, n), p.texto(t, `#rev-paso`))
	var fichas int
	p.hacer(t, clic(`#rev-inicio`))
	p.eval(t, `document.querySelectorAll('#rev-tablero .ficha').length`, &fichas)
	require.Zero(t, fichas, "el tablero vacío antes de la primera jugada")
	p.hacer(t, clic(`#rev-adelante`))
	require.Equal(t, fmt.Sprintf("1 de %d", n), p.texto(t, `#rev-paso`))
	p.eval(t, `document.querySelectorAll('#rev-tablero .ficha:not(.fantasma)').length`, &fichas)
	r0, _, _ := pa.renglon(0)
	require.Equal(t, len(r0.Fichas), fichas)
	require.Contains(t, p.texto(t, `#rev-detalle`), "Lo que ve el motor")
	var opciones int
	p.eval(t, `document.querySelectorAll('#rev-mejores tr').length`, &opciones)
	require.Positive(t, opciones)
	// Al movimiento con más pérdida, para la captura.
	p.eval(t, `(() => { let m = 0, k = 1;
		for (const tr of document.querySelectorAll('#rev-movimientos tbody tr')) { const x = +tr.querySelector('.perdida').textContent; if (x > m) { m = x; k = +tr.dataset.paso; } }
		document.querySelector('#rev-movimientos tbody tr[data-paso="' + k + '"]').click(); return k; })()`, &fichas)
	require.Equal(t, fmt.Sprintf("%d de %d", fichas, n), p.texto(t, `#rev-paso`))
	require.Contains(t, p.texto(t, `#rev-jugo`), "Pérdida")
	// La jugada hecha y la mejor del motor en dos tableros, lado a lado:
	// ninguna casilla con dos fichas, los fantasmas solo en el del motor.
	var lado struct {
		Encimadas, FantasmasJugada, FantasmasMotor, Ultimas int
		Separados                                           bool
		Motor                                               string
	}
	p.eval(t, `(() => { const a = document.querySelector('#rev-tablero').getBoundingClientRect(), b = document.querySelector('#rev-tablero-motor').getBoundingClientRect();
		return { encimadas: [...document.querySelectorAll('#rev-tableros .celda')].filter((c) => c.querySelectorAll('.ficha').length > 1).length,
		fantasmasJugada: document.querySelectorAll('#rev-tablero .fantasma').length, fantasmasMotor: document.querySelectorAll('#rev-tablero-motor .fantasma').length,
		ultimas: document.querySelectorAll('#rev-tablero-motor .ultima').length,
		separados: a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top,
		motor: document.querySelector('#rev-titulo-motor').textContent }; })()`, &lado)
	require.Zero(t, lado.Encimadas)
	require.Zero(t, lado.FantasmasJugada, "la mejor del motor no se dibuja sobre la jugada hecha")
	require.Zero(t, lado.Ultimas, "el tablero del motor es el de antes de la jugada")
	require.True(t, lado.Separados, "los dos tableros no se solapan")
	require.Contains(t, lado.Motor, "La mejor del motor:")
	if !strings.Contains(lado.Motor, "cambiar") && !strings.Contains(lado.Motor, "pasar") {
		require.Positive(t, lado.FantasmasMotor, "la mejor del motor, en su tablero")
	}
	require.Contains(t, p.texto(t, `#rev-titulo-jugada`), "Lo que jugó:")
	capturar(t, p, "web-revision.png")
	// La rendición, el último movimiento, se explica: quién y qué es el ajuste.
	p.hacer(t, clic(`#rev-fin`))
	require.Contains(t, p.texto(t, `#rev-detalle`), "Ana: se rinde")
	require.Contains(t, p.texto(t, `#rev-detalle`), "quien se rinde pierde")
	capturar(t, p, "web-revision-rendicion.png")
}
