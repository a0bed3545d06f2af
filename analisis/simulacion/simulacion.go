package simulacion

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"math"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/juegodepalabras/palabras/analisis/inferencia"
	"github.com/juegodepalabras/palabras/generador"
	"github.com/juegodepalabras/palabras/juego"
	"github.com/juegodepalabras/palabras/letra"
	"github.com/juegodepalabras/palabras/ocurrencia"
)

// Errores de [Simular].
var (
	// ErrNoSimulable: la partida terminó, no es de dos jugadores o su
	// variante no tiene bolsa.
	ErrNoSimulable = errors.New("simulacion: la posición no se puede simular")
	// ErrCandidataInvalida: una de Opciones.Agregadas no es una jugada del
	// jugador en turno.
	ErrCandidataInvalida = errors.New("simulacion: candidata inválida")
	// ErrOpcionFueraDeRango: una opción numérica pasa de su máximo
	// (MaxCandidatas, MaxTrabajadores, …); [Simular] y [Progreso] la
	// rechazan antes de reservar nada.
	ErrOpcionFueraDeRango = errors.New("simulacion: opción fuera de rango")
)

// Los máximos de las opciones numéricas de [Opciones]: más allá, la
// simulación devuelve [ErrOpcionFueraDeRango]. Iteraciones y Semilla no
// tienen máximo (el plazo acota el tiempo).
const (
	// MaxCandidatas acota Candidatas y cuántas Agregadas: más que las
	// jugadas legales de cualquier posición.
	MaxCandidatas = 1 << 16
	// MaxTrabajadores: cada trabajador tiene su generador y su juego; más
	// que los núcleos no simula más rápido.
	MaxTrabajadores = 256
	// MaxLote: un lote de más iteraciones solo demora los informes.
	MaxLote = 1 << 16
	// MaxMuestrasLote: el lote se recorta además para que lote ×
	// candidatas no pase de este número (la memoria de las muestras de un
	// lote: 16 bytes cada una).
	MaxMuestrasLote = 1 << 20
	// MaxPlies: más turnos que los de cualquier partida.
	MaxPlies = 1000
	// MaxBolsaVictorias: más fichas que las de cualquier bolsa.
	MaxBolsaVictorias = 1 << 20
	// MaxIndiferencia: más puntos que los de cualquier partida.
	MaxIndiferencia = 1e6
)

// Valores por omisión de [Opciones].
const (
	OmisionCandidatas = 20
	OmisionPlies      = 2
	OmisionLote       = 32
	// OmisionZ es el desvío con que se poda: una candidata cuya media más
	// z errores (de ella y de la mejor) queda por debajo de la mejor.
	OmisionZ = 2.58
	// MinPoda es cuántas iteraciones hace una candidata antes de poder
	// podarse (o de que la simulación pare por indiferencia).
	MinPoda = 32
	// OmisionIndiferencia es la diferencia de media (en puntos) por
	// debajo de la cual dos candidatas dan lo mismo (ver
	// Opciones.Indiferencia); OmisionIndiferenciaVictorias, la de
	// victorias (una fracción) al ordenar por victorias.
	OmisionIndiferencia          = 1.0
	OmisionIndiferenciaVictorias = 0.01
	// OmisionBolsaVictorias: con Opciones.Victoria y a lo sumo estas
	// fichas en la bolsa, las candidatas se ordenan por victorias (ver
	// Opciones.BolsaVictorias): cerca del final, lo que importa es ganar,
	// no por cuánto.
	OmisionBolsaVictorias = 7
)

// Opciones configuran [Simular]. El valor cero da las de omisión.
type Opciones struct {
	// Candidatas es cuántas de las mejores por equidad estática se
	// simulan; 0 es OmisionCandidatas. A lo sumo MaxCandidatas.
	Candidatas int
	// Agregadas son candidatas que se simulan además (si no están ya): un
	// Tipo con su Jugada (las fichas) o sus Cambiadas. Sus puntos y su
	// equidad se calculan.
	Agregadas []generador.Eleccion
	// Plies es cuántos turnos se juegan después de la candidata, cada uno
	// la mejor elección por equidad; 0 es OmisionPlies y un número
	// negativo, ninguno (la simulación es entonces la equidad estática).
	// A lo sumo MaxPlies.
	Plies int
	// Iteraciones acota las iteraciones (una muestra de cada candidata
	// viva); 0 es sin cota (hasta el plazo de ctx).
	Iteraciones int
	// Trabajadores es cuántas gorutinas simulan; 0 es
	// runtime.GOMAXPROCS(0). El resultado no depende de cuántas son. A lo
	// sumo MaxTrabajadores.
	Trabajadores int
	// Lote es cuántas iteraciones se hacen entre dos informes de progreso
	// (y dos podas); 0 es OmisionLote. A lo sumo MaxLote, y se recorta
	// para que lote × candidatas no pase de MaxMuestrasLote.
	Lote int
	// Semilla elige las manos del rival y el orden de la bolsa.
	Semilla uint64
	// Hojas valoran las hojas: la equidad estática, las respuestas y el
	// horizonte (nil: todas valen 0).
	Hojas generador.Hojas
	// Inferencia, si es informativa, da las hojas que el rival conservó
	// en su último turno (analisis/inferencia): su mano en cada iteración
	// es una de ellas, con su probabilidad, más fichas al azar.
	Inferencia *inferencia.Inferencia
	// Victoria, si no es nil, estima la probabilidad de ganar del jugador
	// en turno que va diferencia puntos arriba y no ve noVistas fichas (por
	// ejemplo hojas.Tabla.ProbabilidadDeGanar): las victorias de cada
	// muestra que no termina la partida se cuentan con ella, en el
	// horizonte y con su valor, en lugar de 1, ½ o 0 por su signo.
	Victoria func(diferencia, noVistas int) float64
	// PorVictorias ordena las candidatas por victorias en lugar de por la
	// media.
	PorVictorias bool
	// BolsaVictorias: con Victoria y la bolsa de la posición con a lo
	// sumo BolsaVictorias fichas, las candidatas se ordenan por victorias
	// aunque PorVictorias sea false; 0 es OmisionBolsaVictorias y un
	// número negativo, nunca. A lo sumo MaxBolsaVictorias.
	BolsaVictorias int
	// SinPoda no poda las candidatas peores ni para antes de las
	// Iteraciones (o del plazo) por indiferencia.
	SinPoda bool
	// Indiferencia es la diferencia por debajo de la cual dos candidatas
	// dan lo mismo, en la clave por la que se ordenan (puntos de media, o
	// fracción de victorias): la simulación para cuando, con la confianza
	// de la poda (OmisionZ errores combinados), ninguna viva supera a la
	// mejor por más de Indiferencia, aunque no se hayan podado (así no
	// gasta el tiempo en separar candidatas iguales). 0 es
	// OmisionIndiferencia u OmisionIndiferenciaVictorias; un número
	// negativo, nunca (solo para cuando queda una viva). A lo sumo
	// MaxIndiferencia; NaN no vale.
	Indiferencia float64
}

// Candidata es lo que la simulación sabe de una jugada.
type Candidata struct {
	// Eleccion es la jugada (o el cambio, o pasar) con su equidad estática.
	Eleccion generador.Eleccion
	// Iteraciones es cuántas muestras tiene.
	Iteraciones int
	// Media es el valor medio de sus muestras: la diferencia de puntos
	// ganada desde la posición hasta el horizonte más la hoja del último
	// turno (con el signo de quien lo jugó). Error es su error estándar.
	Media, Error float64
	// Victorias es la fracción de muestras que se ganan (ver
	// Opciones.Victoria).
	Victorias float64
	// Podada dice si se dejó de simular por ser peor que la mejor.
	Podada bool

	suma, cuadrados, ganadas float64
}

// String describe la candidata: la elección, la media con su error y las
// victorias.
func (c Candidata) String() string {
	p := ""
	if c.Podada {
		p = " (podada)"
	}
	return fmt.Sprintf("%v: %.2f ± %.2f, %.1f%% en %d%s", c.Eleccion, c.Media, c.Error, 100*c.Victorias, c.Iteraciones, p)
}

// Resultado es el estado de una simulación: las candidatas de mejor a peor
// (las podadas al final), cuántas iteraciones se hicieron y cuántas
// muestras (rollouts) en total, la suma de las de cada candidata: con la
// poda, las iteraciones se gastan en las candidatas que siguen vivas.
// Indiferentes dice si la simulación paró porque las vivas dan lo mismo
// (Opciones.Indiferencia); PorVictorias, si las candidatas se ordenaron
// por victorias.
type Resultado struct {
	Candidatas   []Candidata
	Iteraciones  int
	Muestras     int
	Indiferentes bool
	PorVictorias bool
}

// Mejor devuelve la mejor candidata, o false si no hay.
func (r Resultado) Mejor() (Candidata, bool) {
	if len(r.Candidatas) == 0 {
		return Candidata{}, false
	}
	return r.Candidatas[0], true
}

// Simular simula la posición j desde el jugador en turno y devuelve el
// resultado al terminar: cuando ctx termina, al llegar a
// Opciones.Iteraciones o cuando queda una sola candidata viva (si hay
// más de una). Ver el paquete. Devuelve un error que envuelve a
// [ErrNoSimulable] o a [ErrCandidataInvalida].
func Simular(ctx context.Context, j *juego.Juego, op Opciones) (Resultado, error) {
	var r Resultado
	for x, err := range Progreso(ctx, j, op) {
		if err != nil {
			return Resultado{}, err
		}
		r = x
	}
	return r, nil
}

// Progreso es [Simular] paso a paso: da el resultado parcial después de
// cada lote de Opciones.Lote iteraciones (el último, el final), para
// mostrarlo mientras corre; cortar el recorrido detiene la simulación. Si
// no puede simular da solo el error.
func Progreso(ctx context.Context, j *juego.Juego, op Opciones) iter.Seq2[Resultado, error] {
	return func(yield func(Resultado, error) bool) {
		s, err := preparar(ctx, j, op)
		if err != nil {
			yield(Resultado{}, err)
			return
		}
		for {
			lote := s.op.Lote
			if s.op.Iteraciones > 0 {
				lote = min(lote, s.op.Iteraciones-s.iteraciones)
			}
			if !s.terminada(ctx, lote) {
				s.correrLote(ctx, lote)
			}
			if !yield(s.resultado(), nil) || s.terminada(ctx, 1) {
				return
			}
		}
	}
}

// terminada dice si la simulación no sigue: ctx terminó, se llegó a las
// iteraciones (no queda lote) o queda una sola candidata viva de varias.
func (s *simulador) terminada(ctx context.Context, lote int) bool {
	if s.op.Iteraciones > 0 && s.iteraciones >= s.op.Iteraciones {
		return true
	}
	vivas := s.vivas()
	return lote <= 0 || ctx.Err() != nil || vivas == 0 || vivas == 1 && len(s.cands) > 1 || s.indiferentes
}

// simulador es una simulación en curso.
type simulador struct {
	op        Opciones
	raiz      *juego.Juego
	yo, rival int
	noVistas  letra.Multiconjunto
	cands     []Candidata
	jugadas   []ocurrencia.Ocurrencia // la de cada candidata que coloca
	vivas_    []bool
	// orden: el de las candidatas en cada iteración (ver ordenar).
	orden  []int
	puntos [2]int // los puntajes de la raíz
	// sinPuntos: los turnos seguidos sin puntos de la raíz;
	// limiteSinPuntos, los que terminan la partida (0: ninguno).
	sinPuntos, limiteSinPuntos int
	iteraciones                int
	muestras                   int
	// indiferentes: la simulación paró porque las vivas dan lo mismo.
	indiferentes bool

	// referencia: los trabajadores buscan cada turno en el juego de prueba
	// (copiando su tablero) en vez de en su árbol; es la simulación de
	// antes, con la que las pruebas comparan.
	referencia bool

	trabajadores []*trabajador
	valores      []float64 // lote × candidatas: el valor de cada muestra
	ganadas      []float64

	// ctx y plazo son los del lote en curso (ctx nil: ninguno).
	ctx   context.Context
	plazo time.Time
}

// vencido informa si el lote en curso debe parar: su ctx terminó o su
// plazo pasó (el reloj se mira además de ctx porque en una máquina
// cargada la gorutina que cancela ctx puede tardar en correr).
func (s *simulador) vencido() bool {
	if s.ctx == nil {
		return false
	}
	if s.ctx.Err() != nil {
		return true
	}
	return !s.plazo.IsZero() && !time.Now().Before(s.plazo)
}

func (s *simulador) vivas() int {
	n := 0
	for _, v := range s.vivas_ {
		if v {
			n++
		}
	}
	return n
}

// preparar elige las candidatas y arma los trabajadores.
func preparar(ctx context.Context, j *juego.Juego, op Opciones) (*simulador, error) {
	return prepararCon(ctx, j, op, false)
}

// prepararCon es preparar, con los trabajadores de la referencia si
// referencia (ver simulador.referencia).
func prepararCon(ctx context.Context, j *juego.Juego, op Opciones, referencia bool) (*simulador, error) {
	if _, fin := j.Terminada(); fin || j.Jugadores() != 2 || !j.Variante().Bolsa() {
		return nil, ErrNoSimulable
	}
	if err := op.validar(); err != nil {
		return nil, err
	}
	if op.Candidatas <= 0 {
		op.Candidatas = OmisionCandidatas
	}
	switch {
	case op.Plies == 0:
		op.Plies = OmisionPlies
	case op.Plies < 0:
		op.Plies = 0
	}
	if op.Trabajadores <= 0 {
		op.Trabajadores = min(runtime.GOMAXPROCS(0), MaxTrabajadores)
	}
	if op.Lote <= 0 {
		op.Lote = OmisionLote
	}
	if op.BolsaVictorias == 0 {
		op.BolsaVictorias = OmisionBolsaVictorias
	}
	if op.Victoria != nil && j.LetrasEnRepositorio() <= op.BolsaVictorias {
		op.PorVictorias = true
	}
	if op.Indiferencia == 0 {
		op.Indiferencia = OmisionIndiferencia
		if op.PorVictorias {
			op.Indiferencia = OmisionIndiferenciaVictorias
		}
	}
	v := j.Variante()
	s := &simulador{op: op, raiz: j.Clonar(), yo: j.Turno(), rival: 1 - j.Turno(), referencia: referencia}
	for i := range 2 {
		s.puntos[i], _ = j.Puntaje(i)
	}
	s.sinPuntos, s.limiteSinPuntos = j.Posicion().SinPuntos, v.TurnosSinPuntos()
	mano, _ := j.Fichas(s.yo)
	s.noVistas = v.Distribucion().Diferencia(j.Tablero().DeLaMano()).Diferencia(mano)
	g, err := generador.Nuevo(v, generador.Opciones{})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrNoSimulable, err)
	}
	hs := valoracion(j, op.Hojas, nil)
	elecciones := candidatas(ctx, g, s.raiz, mano, hs, op.Candidatas)
	for _, a := range op.Agregadas {
		e, err := completar(j, mano, hs, a)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(elecciones, func(x generador.Eleccion) bool { return igual(x, e) }) {
			elecciones = append(elecciones, e)
		}
	}
	for _, e := range elecciones {
		e.Jugada.Fichas = slices.Clone(e.Jugada.Fichas)
		s.cands = append(s.cands, Candidata{Eleccion: e})
		s.jugadas = append(s.jugadas, ocurrencia.Nueva(e.Jugada.Fichas...))
		s.vivas_ = append(s.vivas_, true)
	}
	s.ordenar()
	s.op.Lote = max(1, min(op.Lote, MaxMuestrasLote/max(1, len(s.cands))))
	s.valores = make([]float64, s.op.Lote*len(s.cands))
	s.ganadas = make([]float64, s.op.Lote*len(s.cands))
	for range op.Trabajadores {
		t, err := nuevoTrabajador(s)
		if err != nil {
			return nil, err
		}
		s.trabajadores = append(s.trabajadores, t)
	}
	return s, nil
}

// ordenar elige el orden en que cada iteración juega las candidatas: las
// que ponen las mismas fichas, seguidas (en el orden de la primera de
// cada grupo). Con el mismo reparto dejan la misma mano para el turno
// siguiente de quien simula, así que sus búsquedas se siguen con la misma
// mano (las hojas de la memoria, la memoria del procesador): medido en el
// mismo proceso contra el orden de las candidatas, BenchmarkSimular
// gasta un 1 % menos. El valor de cada candidata no depende del orden.
func (s *simulador) ordenar() {
	// grupo[c]: la primera candidata que pone las fichas de c.
	grupo := make([]int, len(s.cands))
	primera := map[letra.Multiconjunto]int{}
	s.orden = s.orden[:0]
	for c := range s.cands {
		var m letra.Multiconjunto
		for _, f := range s.cands[c].Eleccion.Jugada.Fichas {
			m.Agregar(f.DeLaMano())
		}
		if _, ok := primera[m]; !ok {
			primera[m] = c
		}
		grupo[c] = primera[m]
		s.orden = append(s.orden, c)
	}
	slices.SortStableFunc(s.orden, func(a, b int) int { return cmp.Compare(grupo[a], grupo[b]) })
}

// pocasCandidatas es cuántas candidatas se eligen seguro antes del plazo:
// la búsqueda por equidad de unas pocas poda casi todo y cuesta poco; la
// de miles (todas las jugadas) cuesta una generación entera con sus hojas,
// decenas de milisegundos.
const pocasCandidatas = OmisionCandidatas

// candidatas devuelve las n mejores elecciones por equidad de j. Si son más
// de pocasCandidatas y ctx termina antes de elegirlas, devuelve las
// pocasCandidatas mejores: la búsqueda de todas sigue en su gorutina (con su
// propio generador y su copia de j) hasta terminar, y se descarta.
func candidatas(ctx context.Context, g *generador.GADDAG, j *juego.Juego, mano letra.Multiconjunto, hs generador.Hojas, n int) []generador.Eleccion {
	if n <= pocasCandidatas {
		return generador.MejoresPorEquidad(g, j, mano, hs, n, nil)
	}
	pocas := generador.MejoresPorEquidad(g, j, mano, hs, pocasCandidatas, nil)
	if len(pocas) < pocasCandidatas {
		return pocas // no hay más
	}
	if ctx.Done() == nil { // sin plazo ni cancelación
		return generador.MejoresPorEquidad(g, j, mano, hs, n, nil)
	}
	copia := j.Clonar()
	listas := make(chan []generador.Eleccion, 1)
	go func() {
		otro, err := generador.Nuevo(copia.Variante(), generador.Opciones{})
		if err != nil {
			listas <- nil
			return
		}
		propias := hs
		if _, ok := hs.(*generador.Cierre); ok { // la del cierre se carga con el juego
			c := &generador.Cierre{}
			c.Cargar(copia)
			propias = c
		}
		listas <- generador.MejoresPorEquidad(otro, copia, mano, propias, n, nil)
	}()
	d, hay := ctx.Deadline()
	var vence <-chan time.Time
	if hay {
		tm := time.NewTimer(time.Until(d))
		defer tm.Stop()
		vence = tm.C
	}
	select {
	case es := <-listas:
		if es != nil {
			return es
		}
	case <-ctx.Done():
	case <-vence:
	}
	return pocas
}

// validar devuelve por qué op no es aceptable, o nil.
func (op Opciones) validar() error {
	fuera := func(nombre string, v, maximo int) error {
		if v > maximo {
			return fmt.Errorf("%w: %s = %d (a lo sumo %d)", ErrOpcionFueraDeRango, nombre, v, maximo)
		}
		return nil
	}
	return errors.Join(
		fuera("Candidatas", op.Candidatas, MaxCandidatas),
		fuera("Agregadas", len(op.Agregadas), MaxCandidatas),
		fuera("Plies", op.Plies, MaxPlies),
		fuera("Trabajadores", op.Trabajadores, MaxTrabajadores),
		fuera("Lote", op.Lote, MaxLote),
		fuera("BolsaVictorias", op.BolsaVictorias, MaxBolsaVictorias),
		indiferencia(op.Indiferencia),
	)
}

// indiferencia devuelve por qué x no es una Opciones.Indiferencia, o nil.
func indiferencia(x float64) error {
	if x != x || x > MaxIndiferencia {
		return fmt.Errorf("%w: Indiferencia = %v (a lo sumo %v)", ErrOpcionFueraDeRango, x, float64(MaxIndiferencia))
	}
	return nil
}

// igual dice si dos elecciones hacen lo mismo.
func igual(a, b generador.Eleccion) bool {
	if a.Tipo != b.Tipo {
		return false
	}
	switch a.Tipo {
	case juego.SucesoColocacion:
		return ocurrencia.Nueva(a.Jugada.Fichas...).Igual(ocurrencia.Nueva(b.Jugada.Fichas...))
	case juego.SucesoCambio:
		return a.Cambiadas == b.Cambiadas
	}
	return true
}

// completar calcula los puntos, la hoja y la equidad de una candidata
// agregada, o la rechaza si no es del jugador en turno.
func completar(j *juego.Juego, mano letra.Multiconjunto, hs generador.Hojas, a generador.Eleccion) (generador.Eleccion, error) {
	e := generador.Eleccion{Tipo: a.Tipo}
	hoja := mano
	switch a.Tipo {
	case juego.SucesoColocacion:
		o := ocurrencia.Nueva(a.Jugada.Fichas...)
		p, err := j.PuntajeObtenido(o)
		if err != nil || o.Vacia() {
			return e, fmt.Errorf("%w: %v: %v", ErrCandidataInvalida, o, err)
		}
		e.Jugada = generador.Jugada{Fichas: o.Slice(), Puntos: p}
		hoja = mano.Diferencia(o.DeLaMano())
	case juego.SucesoCambio:
		v := j.Variante()
		if a.Cambiadas.Vacio() || !mano.Incluye(a.Cambiadas) || !v.Cambios() || j.LetrasEnRepositorio() < v.Fichas() {
			return e, fmt.Errorf("%w: cambiar %v", ErrCandidataInvalida, a.Cambiadas)
		}
		e.Cambiadas = a.Cambiadas
		hoja = mano.Diferencia(a.Cambiadas)
	case juego.SucesoPase:
	default:
		return e, fmt.Errorf("%w: tipo %v", ErrCandidataInvalida, a.Tipo)
	}
	if hs != nil {
		e.Hoja = saneado(hs.Valor(hoja))
	}
	e.Equidad = float64(e.Jugada.Puntos) + e.Hoja
	return e, nil
}

func saneado(x float64) float64 {
	if x != x {
		return math.Inf(-1)
	}
	return x
}

// correrLote hace n iteraciones más de las candidatas vivas, en los
// trabajadores, y las suma en orden; si ctx termina, solo las primeras que
// terminaron: una iteración de muchas candidatas (o de muchos plies)
// puede durar segundos, así que el plazo se mira también dentro de ella
// (entre candidata y candidata, entre ply y ply) y la que se corta se
// descarta con las que siguen.
func (s *simulador) correrLote(ctx context.Context, n int) {
	var siguiente atomic.Int64
	var cortada atomic.Int64 // la primera iteración cortada
	cortada.Store(int64(n))
	var wg sync.WaitGroup
	base := s.iteraciones
	s.plazo, _ = ctx.Deadline()
	s.ctx = ctx
	defer func() { s.ctx = nil }()
	for _, t := range s.trabajadores {
		wg.Add(1)
		go func(t *trabajador) {
			defer wg.Done()
			for !s.vencido() {
				i := int(siguiente.Add(1)) - 1
				if i >= n {
					return
				}
				if !t.iteracion(uint64(base+i), s.valores[i*len(s.cands):(i+1)*len(s.cands)], s.ganadas[i*len(s.cands):(i+1)*len(s.cands)]) {
					for {
						c := cortada.Load()
						if int64(i) >= c || cortada.CompareAndSwap(c, int64(i)) {
							break
						}
					}
					return
				}
			}
		}(t)
	}
	wg.Wait()
	n = min(n, int(cortada.Load()))
	// Con el plazo, el lote se corta: cada iteración tomada se terminó,
	// así que las hechas son las primeras.
	n = min(n, int(siguiente.Load()))
	for i := range n {
		for c := range s.cands {
			if !s.vivas_[c] {
				continue
			}
			x, g := s.valores[i*len(s.cands)+c], s.ganadas[i*len(s.cands)+c]
			k := &s.cands[c]
			k.suma += x
			k.cuadrados += x * x
			k.ganadas += g
			k.Iteraciones++
			s.muestras++
		}
	}
	s.iteraciones += n
	for c := range s.cands {
		k := &s.cands[c]
		if k.Iteraciones == 0 {
			continue
		}
		m := float64(k.Iteraciones)
		k.Media = k.suma / m
		k.Victorias = k.ganadas / m
		if k.Iteraciones > 1 {
			varianza := max(0, (k.cuadrados-k.suma*k.suma/m)/(m-1))
			k.Error = math.Sqrt(varianza / m)
		}
	}
	if !s.op.SinPoda {
		s.podar()
		s.indiferentes = s.sonIndiferentes()
	}
}

// sonIndiferentes dice si, con la confianza de la poda, ninguna viva
// supera a la mejor por más de Opciones.Indiferencia (cada una con al
// menos MinPoda muestras; con una sola viva, no: esa parada es otra).
func (s *simulador) sonIndiferentes() bool {
	if s.op.Indiferencia < 0 || s.vivas() < 2 {
		return false
	}
	mejor := -1
	for c := range s.cands {
		if s.vivas_[c] && (mejor < 0 || s.mejorQue(c, mejor)) {
			mejor = c
		}
	}
	mb, eb := s.clave(&s.cands[mejor])
	for c := range s.cands {
		k := &s.cands[c]
		if !s.vivas_[c] || c == mejor {
			continue
		}
		if k.Iteraciones < MinPoda {
			return false
		}
		m, e := s.clave(k)
		if m-mb+OmisionZ*math.Sqrt(e*e+eb*eb) > s.op.Indiferencia {
			return false
		}
	}
	return true
}

// clave es por lo que se ordenan las candidatas.
func (s *simulador) clave(c *Candidata) (float64, float64) {
	if s.op.PorVictorias {
		m := float64(max(c.Iteraciones, 1))
		return c.Victorias, math.Sqrt(max(c.Victorias*(1-c.Victorias), 1/m) / m)
	}
	return c.Media, c.Error
}

// podar deja de simular las candidatas significativamente peores que la
// mejor viva.
func (s *simulador) podar() {
	mejor := -1
	for c := range s.cands {
		if s.vivas_[c] && (mejor < 0 || s.mejorQue(c, mejor)) {
			mejor = c
		}
	}
	if mejor < 0 {
		return
	}
	mb, eb := s.clave(&s.cands[mejor])
	for c := range s.cands {
		k := &s.cands[c]
		if c == mejor || !s.vivas_[c] || k.Iteraciones < MinPoda {
			continue
		}
		m, e := s.clave(k)
		if m+OmisionZ*math.Sqrt(e*e+eb*eb) < mb {
			s.vivas_[c], k.Podada = false, true
		}
	}
}

// mejorQue dice si la candidata a va antes que la b.
func (s *simulador) mejorQue(a, b int) bool {
	ma, _ := s.clave(&s.cands[a])
	mb, _ := s.clave(&s.cands[b])
	if ma != mb {
		return ma > mb
	}
	return generador.CompararElecciones(s.cands[a].Eleccion, s.cands[b].Eleccion) < 0
}

// resultado es una copia del estado, ordenada.
func (s *simulador) resultado() Resultado {
	orden := make([]int, len(s.cands))
	for i := range orden {
		orden[i] = i
	}
	slices.SortStableFunc(orden, func(a, b int) int {
		if s.vivas_[a] != s.vivas_[b] {
			if s.vivas_[a] {
				return -1
			}
			return 1
		}
		if s.mejorQue(a, b) {
			return -1
		}
		if s.mejorQue(b, a) {
			return 1
		}
		return 0
	})
	r := Resultado{Iteraciones: s.iteraciones, Muestras: s.muestras, Indiferentes: s.indiferentes, PorVictorias: s.op.PorVictorias}
	for _, i := range orden {
		c := s.cands[i]
		c.Eleccion.Jugada.Fichas = slices.Clone(c.Eleccion.Jugada.Fichas)
		r.Candidatas = append(r.Candidatas, c)
	}
	return r
}
