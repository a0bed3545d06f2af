package bot

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/juegodepalabras/palabras/analisis/final"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/juego/notacion"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
	"github.com/juegodepalabras/palabras/variante"
)

// ErrSinGenerador: Nuevo o NuevoExperto recibieron un generador nil.
var ErrSinGenerador = errors.New("bot: falta el generador")

// ErrOpcionFueraDeRango: una opción numérica de [OpcionesMaestro] pasa de
// su máximo, el de la opción de analisis/simulacion que configura
// (simulacion.MaxCandidatas, simulacion.MaxPlies,
// simulacion.MaxTrabajadores).
var ErrOpcionFueraDeRango = errors.New("bot: opción fuera de rango")

// Decision es lo que un bot decide hacer en su turno: colocar fichas
// (juego.SucesoColocacion, con la Jugada y sus Puntos), cambiar
// (juego.SucesoCambio, con las fichas Cambiadas) o pasar (juego.SucesoPase).
type Decision struct {
	Tipo      juego.TipoSuceso
	Jugada    ocurrencia.Ocurrencia
	Cambiadas letra.Multiconjunto
	Puntos    int
	// Equidad es el valor con que el bot la eligió: los puntos más el valor
	// de la hoja para el experto, los puntos para los demás; en un final
	// resuelto (OpcionesExperto.Final), el valor del final.
	Equidad float64
}

// String describe la decisión sin el juego, en la notación de los
// jugadores (la de juego/notacion: fila desde 1, columna con letras, "8D"
// horizontal y "D8" vertical) y con sus puntos: una colocación son las
// fichas que pone desde la primera de ellas, con "." en cada casilla del
// medio que ya estaba ocupada ("8D CASA +12", "H4 PU.US +22"); un cambio,
// "cambia" y las fichas; un pase, "pasa". Sin el tablero no puede saber qué
// fichas del tablero prolongan la palabra antes o después de las puestas:
// la palabra entera, como en las planillas, la da [Decision.Notacion]. Las
// letras se escriben con el alfabeto de la variante si la ocurrencia lo
// lleva (las de [Bot.Elegir] lo llevan, también la vacía de un cambio) y,
// si no, con sus ordinales.
func (d Decision) String() string {
	switch d.Tipo {
	case juego.SucesoColocacion:
		if d.Jugada.Vacia() {
			return "pasa"
		}
		return fmt.Sprintf("%s +%d", fichasPuestas(d.Jugada), d.Puntos)
	case juego.SucesoCambio:
		if alf := d.Jugada.Alfabeto(); alf != nil {
			return "cambia " + d.Cambiadas.Formatear(alf)
		}
		return "cambia " + d.Cambiadas.String()
	}
	return "pasa"
}

// fichasPuestas escribe las fichas de o en la notación, desde la primera:
// la coordenada, y las letras con "." en los huecos.
func fichasPuestas(o ocurrencia.Ocurrencia) string {
	fs := o.Slice()
	slices.SortFunc(fs, func(a, b ocurrencia.Ficha) int {
		if a.Fila != b.Fila {
			return a.Fila - b.Fila
		}
		return a.Columna - b.Columna
	})
	horizontal := len(fs) == 1 || fs[0].Fila == fs[len(fs)-1].Fila
	primera := fs[0]
	var b strings.Builder
	b.WriteString(notacion.Coordenada{Fila: primera.Fila, Columna: primera.Columna, Horizontal: horizontal}.String())
	b.WriteByte(' ')
	alf := o.Alfabeto()
	for i, f := range fs {
		if i > 0 {
			hueco := f.Columna - fs[i-1].Columna - 1
			if !horizontal {
				hueco = f.Fila - fs[i-1].Fila - 1
			}
			b.WriteString(strings.Repeat(".", max(hueco, 0)))
		}
		b.WriteString(simbolo(alf, f))
	}
	return b.String()
}

// simbolo escribe la letra de f como en la notación: el símbolo del
// alfabeto, entre corchetes si tiene más de un carácter, en minúsculas si
// es un comodín; sin alfabeto, el ordinal entre paréntesis.
func simbolo(alf *letra.Alfabeto, f ocurrencia.Ficha) string {
	if alf == nil || !alf.Contiene(f.Letra) {
		return fmt.Sprintf("(%d)", f.Letra)
	}
	s := alf.Simbolo(f.Letra)
	if f.Comodin {
		s = strings.ToLower(s)
	}
	if utf8.RuneCountInString(s) > 1 {
		s = "[" + s + "]"
	}
	return s
}

// Notacion escribe la decisión como en las planillas, con la palabra
// entera sobre el tablero de j, el juego en que se va a aplicar, antes de
// aplicarla: "8D CASA", "H4 PU.US" (con "." cada ficha que ya estaba en el
// tablero), "-AB" para un cambio, "-" para un pase (juego/notacion). Para
// escribir una decisión que ya se aplicó hace falta el tablero de antes:
// notacion.Formatear con el de una copia del juego. Devuelve el error de
// notacion.Formatear si la decisión no entra en el tablero de j (es de
// otro juego, o ya se aplicó).
func (d Decision) Notacion(j *juego.Juego) (string, error) {
	var jg notacion.Jugada
	switch d.Tipo {
	case juego.SucesoColocacion:
		jg.Fichas = d.Jugada
	case juego.SucesoCambio:
		jg.Cambio = d.Cambiadas
	}
	return notacion.Formatear(jg, j.Tablero())
}

// Aplicar hace la decisión en j (juego.Juego.Ubicar, Cambiar o Pasar) y
// devuelve los puntos que sumó. Si j la rechaza devuelve su error y j no
// cambia.
func (d Decision) Aplicar(j *juego.Juego) (int, error) {
	switch d.Tipo {
	case juego.SucesoColocacion:
		return j.Ubicar(d.Jugada)
	case juego.SucesoCambio:
		return 0, j.Cambiar(d.Cambiadas)
	}
	return 0, j.Pasar()
}

// Bot elige jugadas con la fuerza de su nivel. Ver el paquete para qué hace
// cada nivel.
type Bot struct {
	nivel Nivel
	gen   generador.Generador
	// valoracion: las hojas del experto; propia si la dio NuevoExperto, o
	// la que corresponde a la variante de.
	valoracion generador.Hojas
	propia     bool
	lineal     bool // OpcionesExperto.Lineal
	de         *variante.Variante
	// memoria reutilizada entre turnos
	puntos     []int
	elecciones []generador.Eleccion
	cierre     generador.Cierre
	maestro    OpcionesMaestro
	// El reparto del tiempo del maestro (OpcionesMaestro.TiempoFijo): lo
	// guardado de las jugadas anteriores de la partida, el turno
	// (juego.Juego.Tiempo) de la última y el tiempo que se le dio.
	guardado      time.Duration
	turnoAnterior int
	asignado      time.Duration
	// final: el tiempo por jugada de los finales (OpcionesExperto.Final) y
	// el resolvedor, hecho al usarlo.
	final              time.Duration
	resolvedor         *final.Resolvedor
	resolvedorVariante *variante.Variante
}

// Nuevo devuelve un bot del nivel n que genera sus jugadas con g (por
// ejemplo el de generador.Nuevo; el bot es su único usuario). El experto
// valora las hojas con la valoración embebida para la variante de cada juego
// ([ValoracionPara]); sin ninguna, juega sin valor de hojas. Devuelve un
// error que envuelve a ErrNivelInvalido o ErrSinGenerador.
func Nuevo(n Nivel, g generador.Generador) (*Bot, error) {
	if !n.Valido() {
		return nil, fmt.Errorf("%w: %d", ErrNivelInvalido, uint8(n))
	}
	if g == nil {
		return nil, ErrSinGenerador
	}
	if n == Maestro {
		return NuevoMaestro(g, OpcionesMaestro{})
	}
	return &Bot{nivel: n, gen: g}, nil
}

// OpcionesExperto configuran el bot experto de [NuevoExperto]. El valor
// cero es el experto de Nuevo(Experto, g).
type OpcionesExperto struct {
	// Hojas valoran las hojas en lugar de las que elige [Nuevo]
	// ([ValoracionPara]): una tabla de hojas (hojas.Tabla, por ejemplo la
	// inglesa, que no viaja embebida) u otro generador.Hojas. Para jugar
	// sin valor de hojas, unas que valgan 0 para toda hoja.
	Hojas generador.Hojas
	// Lineal, sin Hojas, valora las hojas con el modelo lineal embebido
	// para el alfabeto de la variante (inglés o español con dígrafos), con
	// el que jugaba el experto antes de las tablas de analisis/hojas: se
	// conserva para compararlos (app/duelo) y para empezar a entrenar una
	// tabla (app/hojas). Sin modelo para el alfabeto, juega sin valor de
	// hojas.
	Lineal bool
	// Final es el tiempo por jugada con que el experto resuelve los
	// finales (la bolsa vacía, dos jugadores) con analisis/final: juega la
	// primera jugada de la mejor línea, probada o, si el tiempo no alcanza,
	// la mejor que encontró. 0 es sin resolver: la hoja de cierre. Con un
	// Final, el bot deja de ser determinista en los finales que no prueba
	// a tiempo.
	Final time.Duration
}

// NuevoExperto devuelve un bot experto con las opciones op. Devuelve
// ErrSinGenerador si g es nil.
func NuevoExperto(g generador.Generador, op OpcionesExperto) (*Bot, error) {
	if g == nil {
		return nil, ErrSinGenerador
	}
	return &Bot{nivel: Experto, gen: g, valoracion: op.Hojas, propia: op.Hojas != nil, lineal: op.Lineal, final: op.Final}, nil
}

// Nivel devuelve el nivel del bot.
func (b *Bot) Nivel() Nivel { return b.nivel }

// Elegir devuelve la decisión del bot para el jugador en turno de j, sin
// cambiar j. Si la partida terminó devuelve pasar (que j rechazará).
//
// Lo que tarda (las búsquedas del maestro, el final del experto con
// OpcionesExperto.Final) termina cuando termina ctx: entonces Elegir vuelve
// enseguida con la mejor decisión que halló hasta ahí (la mejor candidata
// de la simulación del maestro o, si no llegó a ninguna, la del experto;
// siempre una que j acepta) y el error de ctx (ctx.Err()). Con ctx vivo
// hasta el final, el error es nil.
func (b *Bot) Elegir(ctx context.Context, j *juego.Juego) (Decision, error) {
	var d Decision
	if _, fin := j.Terminada(); fin {
		return Decision{Tipo: juego.SucesoPase}, ctx.Err()
	}
	switch b.nivel {
	case Principiante:
		d = b.percentil(j, 3, 5, 50)
	case Intermedio:
		d = b.percentil(j, 5, 0, 100)
	case Avanzado:
		d = b.codicioso(j)
	case Maestro:
		d = b.maestroElegir(ctx, j)
	default:
		d = b.experto(ctx, j)
	}
	// La ocurrencia lleva el alfabeto, aunque esté vacía, para String.
	d.Jugada = d.Jugada.ConAlfabeto(j.Variante().Alfabeto())
	return d, ctx.Err()
}

// codicioso es el nivel Avanzado.
func (b *Bot) codicioso(j *juego.Juego) Decision {
	if m, ok := generador.Mejor(b.gen, j); ok {
		return Decision{Tipo: juego.SucesoColocacion, Jugada: m.Ocurrencia(), Puntos: m.Puntos, Equidad: float64(m.Puntos)}
	}
	v := j.Variante()
	mano, _ := j.Fichas(j.Turno())
	var sinComodines letra.Multiconjunto
	for l := range mano.Todas() {
		if l != letra.Comodin {
			sinComodines.Agregar(l)
		}
	}
	if v.Cambios() && j.LetrasEnRepositorio() >= v.Fichas() && !sinComodines.Vacio() {
		return Decision{Tipo: juego.SucesoCambio, Cambiadas: sinComodines}
	}
	return Decision{Tipo: juego.SucesoPase}
}

// percentil elige, entre las jugadas de a lo sumo maxFichas fichas y
// (si maxLargo > 0) palabra principal de a lo sumo maxLargo letras, la del
// percentil p de puntos (100: la mejor). Nunca cambia.
func (b *Bot) percentil(j *juego.Juego, maxFichas, maxLargo, p int) Decision {
	admite := func(m generador.Jugada) bool {
		return len(m.Fichas) <= maxFichas && (maxLargo <= 0 || largoPrincipal(j, m.Fichas) <= maxLargo)
	}
	b.puntos = b.puntos[:0]
	for m := range generador.Jugadas(b.gen, j) {
		if admite(m) {
			b.puntos = append(b.puntos, m.Puntos)
		}
	}
	if len(b.puntos) == 0 {
		return Decision{Tipo: juego.SucesoPase}
	}
	slices.Sort(b.puntos)
	objetivo := b.puntos[min(len(b.puntos)-1, len(b.puntos)*p/100)]
	for m := range generador.Jugadas(b.gen, j) {
		if m.Puntos == objetivo && admite(m) {
			return Decision{Tipo: juego.SucesoColocacion, Jugada: m.Ocurrencia(), Puntos: m.Puntos, Equidad: float64(m.Puntos)}
		}
	}
	return Decision{Tipo: juego.SucesoPase} // no ocurre: el generador es determinista
}

// largoPrincipal devuelve el largo de la palabra principal de la jugada
// fichas en j (la más larga de las dos si es de una sola ficha).
func largoPrincipal(j *juego.Juego, fichas []ocurrencia.Ficha) int {
	if len(fichas) == 0 {
		return 0
	}
	corrida := func(df, dc int) int {
		ini, fin := fichas[0], fichas[len(fichas)-1]
		n := (fin.Fila-ini.Fila)*df + (fin.Columna-ini.Columna)*dc + 1
		for f, c := ini.Fila-df, ini.Columna-dc; j.HayFicha(f, c); f, c = f-df, c-dc {
			n++
		}
		for f, c := fin.Fila+df, fin.Columna+dc; j.HayFicha(f, c); f, c = f+df, c+dc {
			n++
		}
		return n
	}
	if len(fichas) == 1 {
		return max(corrida(0, 1), corrida(1, 0))
	}
	if fichas[0].Fila == fichas[1].Fila {
		return corrida(0, 1)
	}
	return corrida(1, 0)
}

// resolverFinal juega el final de j con el resolvedor, en el tiempo
// b.final o hasta que termine ctx. Devuelve false si el resolvedor no puede (otra variante sin fin
// de partida, una mano desconocida).
func (b *Bot) resolverFinal(ctx context.Context, j *juego.Juego) (Decision, bool) {
	if b.resolvedor == nil || b.resolvedorVariante != j.Variante() {
		r, err := final.Nuevo(j.Variante(), final.Opciones{MBTabla: 16})
		if err != nil {
			return Decision{}, false
		}
		b.resolvedor, b.resolvedorVariante = r, j.Variante()
	}
	ctx, cancel := context.WithTimeout(ctx, b.final)
	defer cancel()
	res, err := b.resolvedor.Resolver(ctx, j)
	if err != nil || len(res.Linea) == 0 {
		return Decision{}, false
	}
	p := res.Linea[0]
	if p.Jugada.Vacia() {
		return Decision{Tipo: juego.SucesoPase, Equidad: float64(res.Valor)}, true
	}
	return Decision{Tipo: juego.SucesoColocacion, Jugada: p.Jugada, Puntos: p.Puntos, Equidad: float64(res.Valor)}, true
}
